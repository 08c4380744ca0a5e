import { UI } from '@rushes/shared';
import { lazy } from 'react';
import { withChunkTimeout } from '../../app/chunkLoad.ts';
import type { PanelsOf } from '../../app/panels/registry.ts';
import type { MetadataPanelProps } from './MetadataPanel.tsx';

/** This feature's side panels (spec 002 §2 Side panels) and the props each takes. */
interface AssetPanels {
  /** asset metadata (spec 000 §2) */
  assetMetadata: MetadataPanelProps;
}

declare module '../../app/panels/registry.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the types are the feature's
  interface PanelPropsMap extends AssetPanels {}
}

export const panels: PanelsOf<AssetPanels> = {
  assetMetadata: {
    help: 'assets',
    title: UI.metadataTitle,
    component: lazy(withChunkTimeout(() => import('./MetadataPanel.tsx'))),
  },
};
