import { UI } from '@rushes/shared';
import { lazy } from 'react';
import { withChunkTimeout } from '../../app/chunkLoad.ts';
import type { PanelsOf } from '../../app/panels/registry.ts';

/** This feature's side panels (spec 002 §2 Side panels) and the props each takes. */
interface SettingsPanels {
  integrationList: Record<string, never>;
}

declare module '../../app/panels/registry.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the types are the feature's
  interface PanelPropsMap extends SettingsPanels {}
}

export const panels: PanelsOf<SettingsPanels> = {
  integrationList: {
    help: 'integrations',
    title: UI.applications,
    component: lazy(withChunkTimeout(() => import('./IntegrationListPanel.tsx'))),
  },
};
