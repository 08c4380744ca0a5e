import { LIVE_TEXT } from '@rushes/shared';
import { lazy } from 'react';
import { withChunkTimeout } from '../../app/chunkLoad.ts';
import type { PanelsOf } from '../../app/panels/registry.ts';
import type { LivePanelProps } from './LivePanel.tsx';

/** This feature's side panels (spec 002 §2 Side panels) and the props each takes. */
interface LivePanels {
  /** live collaboration: invite, join, the audio call (spec 001 §2) */
  liveCollaboration: LivePanelProps;
}

declare module '../../app/panels/registry.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the types are the feature's
  interface PanelPropsMap extends LivePanels {}
}

export const panels: PanelsOf<LivePanels> = {
  liveCollaboration: {
    help: 'cloud-editing',
    title: LIVE_TEXT.panelTitle,
    component: lazy(withChunkTimeout(() => import('./LivePanel.tsx'))),
  },
};
