import { AI_TEXT } from '@rushes/shared';
import { lazy } from 'react';
import { withChunkTimeout } from '../../app/chunkLoad.ts';
import type { PanelsOf } from '../../app/panels/registry.ts';
import type { AssistantPanelProps } from './panelProps.ts';

/** This feature's side panels (spec 002 §2 Side panels) and the props each takes. */
interface AiPanels {
  /** the AI assistant chat (spec 000 §2) */
  aiAssistant: AssistantPanelProps;
}

declare module '../../app/panels/registry.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the types are the feature's
  interface PanelPropsMap extends AiPanels {}
}

export const panels: PanelsOf<AiPanels> = {
  aiAssistant: {
    help: 'ai-assistant',
    title: AI_TEXT.panelTitle,
    component: lazy(withChunkTimeout(() => import('./AssistantPanel.tsx'))),
  },
};
