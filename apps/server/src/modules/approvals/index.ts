import { defineModule } from '../../platform/modules.ts';
import { assetPolicy, manageRequestPolicy, reviewerPolicy } from './approvals.policy.ts';
import { registerApprovalMappers } from './approvals.realtime.ts';
import { approvalsRoutes } from './approvals.routes.ts';

/** Approval requests on assets and their invitations. */
export const approvalsModule = defineModule({
  name: 'approvals',
  policies: {
    'approvals.canManageRequest': manageRequestPolicy(),
    'approvals.isReviewerOf': reviewerPolicy(),
    'projects.canViewProject': assetPolicy(),
  },
  routes: [approvalsRoutes],
  listeners: [registerApprovalMappers],
});
