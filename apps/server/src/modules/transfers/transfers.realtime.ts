import type { AppContext } from '../../platform/context.ts';
import './transfers.events.ts';

/** transfer.changed → transfer_changed in the project room; clients refetch the list. */
export function registerTransferMappers(ctx: AppContext) {
  ctx.events.on('transfer.changed', ({ projectId, transferId, status }) =>
    ctx.realtime.toRoom(`project:${projectId}`, 'transfer_changed', {
      project_db_id: projectId,
      transfer_db_id: transferId,
      status,
    }),
  );
}
