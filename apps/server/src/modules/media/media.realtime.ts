import type { AppContext } from '../../platform/context.ts';
import './media.events.ts';

/** Ingest status changes → asset_status in the project room (clients refetch through the API). */
export function registerMediaMappers(ctx: AppContext) {
  ctx.events.on('asset.status', ({ projectId, assetId, parentId, status }) =>
    ctx.realtime.toRoom(`project:${projectId}`, 'asset_status', {
      project_db_id: projectId,
      ingest_db_id: assetId,
      parent_db_id: parentId,
      status,
    }),
  );
}
