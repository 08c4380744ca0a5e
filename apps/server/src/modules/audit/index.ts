import { defineModule } from '../../platform/modules.ts';
import { purgeJob, schedulePurge } from './audit.jobs.ts';
import { canReadTeamLog } from './audit.policy.ts';
import { auditRoutes } from './audit.routes.ts';

// What other modules may call (everything else in this folder is internal).
export { recordAudit, type AuditActor, type AuditInput } from './audit.record.ts';
export { gateTeamLogWith } from './audit.policy.ts';

/**
 * The audit log: an append-only record of security and business events, written by the module
 * that makes each change in that change's transaction (`recordAudit`), read and exported by team
 * admins, purged daily past AUDIT_RETENTION_DAYS.
 */
export const auditModule = defineModule({
  name: 'audit',
  policies: { 'audit.canReadTeamLog': canReadTeamLog() },
  routes: [auditRoutes],
  jobs: { 'audit.purge': purgeJob },
  schedules: [schedulePurge],
});
