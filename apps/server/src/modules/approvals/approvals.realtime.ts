import type { AppContext } from '../../platform/context.ts';
import './approvals.events.ts';
import { claimRequestInvites } from './requestInvites.ts';

/** Requests and approval status → the project room (members may read both); invitations claimed on join. */
export function registerApprovalMappers(ctx: AppContext) {
  const { events, realtime } = ctx;
  events.on('task_request.changed', ({ projectId, assetId }) =>
    realtime.toRoom(`project:${projectId}`, 'task_requests_changed', {
      project_db_id: projectId,
      ingest_db_id: assetId,
    }),
  );
  events.on('asset.approval_changed', ({ projectId, assetId, approvalStatus }) =>
    realtime.toRoom(`project:${projectId}`, 'asset_approval_status', {
      project_db_id: projectId,
      ingest_db_id: assetId,
      approval_status: approvalStatus,
    }),
  );
  // Durable: the claim is a job enqueued in the joining transaction (a crash cannot lose it).
  events.on(
    'project.changed',
    ({ projectId, addedUserIds }) => claimRequestInvites(ctx, projectId, addedUserIds),
    { durable: true, id: 'approvals.claim_invites', when: ({ addedUserIds }) => addedUserIds.length > 0 },
  );
}
