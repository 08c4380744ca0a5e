import { SUB_TEXT } from '@rushes/shared';
import { lazy } from 'react';
import { withChunkTimeout } from '../../app/chunkLoad.ts';
import type { PanelsOf } from '../../app/panels/registry.ts';
import type { AddStoragePanelProps } from './AddStoragePanel.tsx';
import type { PlanDetailsPanelProps, StorageDetailsPanelProps } from './DetailsPanels.tsx';
import type { RenewPanelProps } from './RenewPanel.tsx';
import type { UpgradePlansPanelProps } from './UpgradePlansPanel.tsx';

/** This feature's side panels (spec 002 §2 Side panels) and the props each takes. */
interface SubscriptionPanels {
  /** subscription plans, titled 'Subscription Upgrade' (spec 002 §2) */
  subscriptionPlans: UpgradePlansPanelProps;
  planDetails: PlanDetailsPanelProps;
  /** renewal details, titled 'Renew Subscription' */
  renewalDetails: RenewPanelProps;
  storageDetails: StorageDetailsPanelProps;
  addStorage: AddStoragePanelProps;
}

declare module '../../app/panels/registry.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the types are the feature's
  interface PanelPropsMap extends SubscriptionPanels {}
}

export const panels: PanelsOf<SubscriptionPanels> = {
  subscriptionPlans: {
    help: 'subscription',
    title: SUB_TEXT.subscriptionUpgrade,
    component: lazy(withChunkTimeout(() => import('./UpgradePlansPanel.tsx'))),
  },
  planDetails: {
    help: 'subscription',
    title: SUB_TEXT.planDetails,
    component: lazy(withChunkTimeout(() => import('./PlanDetailsPanel.tsx'))),
  },
  renewalDetails: {
    help: 'subscription',
    title: SUB_TEXT.renewSubscription,
    component: lazy(withChunkTimeout(() => import('./RenewPanel.tsx'))),
  },
  storageDetails: {
    help: 'subscription',
    title: SUB_TEXT.storageDetails,
    component: lazy(withChunkTimeout(() => import('./StorageDetailsPanel.tsx'))),
  },
  addStorage: {
    help: 'subscription',
    title: SUB_TEXT.addStorage,
    component: lazy(withChunkTimeout(() => import('./AddStoragePanel.tsx'))),
  },
};
