import { defineModule } from '../../platform/modules.ts';
import { checkedInService } from '../../platform/policies.ts';
import { assetPolicy } from './approvals.policy.ts';
import { registerApprovalMappers } from './approvals.realtime.ts';
import { approvalsRoutes } from './approvals.routes.ts';

/** Approval requests on assets and their invitations. */
export const approvalsModule = defineModule({
  name: 'approvals',
  // Still applied by the services (not yet loaded before the handler).
  policies: {
    'approvals.canManageRequest': checkedInService(),
    'approvals.isReviewerOf': checkedInService(),
    'projects.canViewProject': assetPolicy(),
  },
  routes: [approvalsRoutes],
  listeners: [registerApprovalMappers],
});
