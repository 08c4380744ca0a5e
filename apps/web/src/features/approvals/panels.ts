import { UI } from '@rushes/shared';
import { lazy } from 'react';
import { withChunkTimeout } from '../../app/chunkLoad.ts';
import type { PanelsOf } from '../../app/panels/registry.ts';
import type { ApprovalRequestPanelProps } from './ApprovalRequestPanel.tsx';

/** This feature's side panels (spec 002 §2 Side panels) and the props each takes. */
interface ApprovalPanels {
  requestApproval: ApprovalRequestPanelProps;
  requestReview: ApprovalRequestPanelProps;
}

declare module '../../app/panels/registry.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the types are the feature's
  interface PanelPropsMap extends ApprovalPanels {}
}

const ApprovalRequestPanel = lazy(withChunkTimeout(() => import('./ApprovalRequestPanel.tsx')));

export const panels: PanelsOf<ApprovalPanels> = {
  requestApproval: { help: 'approvals', title: UI.requestApproval, component: ApprovalRequestPanel },
  requestReview: { help: 'approvals', title: UI.requestReview, component: ApprovalRequestPanel },
};
