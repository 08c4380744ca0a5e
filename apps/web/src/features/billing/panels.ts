import { BILLING_UI } from '@rushes/shared/billing';
import { lazy } from 'react';
import { withChunkTimeout } from '../../app/chunkLoad.ts';
import type { PanelsOf } from '../../app/panels/registry.ts';
import type { BillingPanelProps } from './BillingPanel.tsx';

/** This feature's side panels (spec 002 §2 Side panels) and the props each takes. */
interface BillingPanels {
  billingDetails: BillingPanelProps;
}

declare module '../../app/panels/registry.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the types are the feature's
  interface PanelPropsMap extends BillingPanels {}
}

export const panels: PanelsOf<BillingPanels> = {
  billingDetails: {
    help: 'billing',
    title: BILLING_UI.billingDetails,
    component: lazy(withChunkTimeout(() => import('./BillingPanel.tsx'))),
  },
};
