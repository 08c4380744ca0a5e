import { CLOUD_TEXT } from '@rushes/shared';
import { lazy } from 'react';
import { withChunkTimeout } from '../../app/chunkLoad.ts';
import type { PanelsOf } from '../../app/panels/registry.ts';
import type { CloudPanelProps } from './panelProps.ts';

/** This feature's side panels (spec 002 §2 Side panels) and the props each takes. */
interface CloudPanels {
  /** the cloud-session wizard and the caller's session (spec 001 §2) */
  cloudSession: CloudPanelProps;
}

declare module '../../app/panels/registry.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the types are the feature's
  interface PanelPropsMap extends CloudPanels {}
}

export const panels: PanelsOf<CloudPanels> = {
  cloudSession: {
    help: 'cloud-editing',
    title: CLOUD_TEXT.panelTitle,
    component: lazy(withChunkTimeout(() => import('./CloudPanel.tsx'))),
  },
};
