import { UI } from '@rushes/shared';
import { lazy } from 'react';
import { withChunkTimeout } from '../../app/chunkLoad.ts';
import type { PanelsOf } from '../../app/panels/registry.ts';
import type { ChatPanelProps } from './ChatPanel.tsx';

/** This feature's side panels (spec 002 §2 Side panels) and the props each takes. */
interface ChatPanels {
  /** project chat and project help (spec 000 §2) */
  projectChat: ChatPanelProps;
  projectHelp: ChatPanelProps;
}

declare module '../../app/panels/registry.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the types are the feature's
  interface PanelPropsMap extends ChatPanels {}
}

export const panels: PanelsOf<ChatPanels> = {
  projectChat: {
    help: 'chat',
    title: UI.projectChat,
    component: lazy(withChunkTimeout(() => import('./ChatPanel.tsx'))),
  },
  projectHelp: {
    help: 'chat',
    title: UI.projectHelp,
    component: lazy(withChunkTimeout(() => import('./ProjectHelpPanel.tsx'))),
  },
};
