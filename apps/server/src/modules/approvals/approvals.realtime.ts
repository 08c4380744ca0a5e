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
  events.on('project.changed', async ({ projectId, addedUserIds }) => {
    if (addedUserIds.length) await claimRequestInvites(ctx, projectId, addedUserIds);
  });
}
