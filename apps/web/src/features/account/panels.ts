import { UI } from '@rushes/shared';
import { lazy } from 'react';
import { withChunkTimeout } from '../../app/chunkLoad.ts';
import type { PanelsOf } from '../../app/panels/registry.ts';

/** This feature's side panels (spec 002 §2 Side panels) and the props each takes. */
interface AccountPanels {
  accountSettings: Record<string, never>;
}

declare module '../../app/panels/registry.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the types are the feature's
  interface PanelPropsMap extends AccountPanels {}
}

export const panels: PanelsOf<AccountPanels> = {
  accountSettings: {
    help: 'account',
    title: UI.accountSettings,
    component: lazy(withChunkTimeout(() => import('./AccountSettingsPanel.tsx'))),
  },
};
