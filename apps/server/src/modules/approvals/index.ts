import { defineModule } from '../../platform/modules.ts';
import { registerApprovalMappers } from './approvals.realtime.ts';
import { approvalsRoutes } from './approvals.routes.ts';

/** Approval requests on assets and their invitations. */
export const approvalsModule = defineModule({
  name: 'approvals',
  routes: [approvalsRoutes],
  listeners: [registerApprovalMappers],
});
