import { UI } from '@rushes/shared';
import { lazy } from 'react';
import { withChunkTimeout } from '../../app/chunkLoad.ts';
import type { PanelsOf } from '../../app/panels/registry.ts';
import type { SharePanelProps } from './SharePanel.tsx';

/** This feature's side panels (spec 002 §2 Side panels) and the props each takes. */
interface SharePanels {
  /** share asset (spec 002 §2, §4) */
  shareAsset: SharePanelProps;
}

declare module '../../app/panels/registry.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the types are the feature's
  interface PanelPropsMap extends SharePanels {}
}

export const panels: PanelsOf<SharePanels> = {
  shareAsset: {
    help: 'sharing',
    title: UI.shareAsset,
    component: lazy(withChunkTimeout(() => import('./SharePanel.tsx'))),
  },
};
