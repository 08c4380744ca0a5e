import type { AppContext } from '../../platform/context.ts';
import './shares.events.ts';
import { cardsOfShares } from './shares.sql.ts';

/** Shares → each recipient's user room (spec 002 §4 tray updates): add, update, delete by share_id. */
export function registerShareMappers(ctx: AppContext) {
  const { events, realtime, db } = ctx;
  events.on('shares.added', async ({ shareIds }) => {
    for (const { userId, card } of await cardsOfShares(db, shareIds))
      realtime.toUser(userId, 'shared_asset_add', { tray: 'shared_assets', asset: card });
  });
  events.on('shares.updated', async ({ shareIds }) => {
    for (const { userId, card } of await cardsOfShares(db, shareIds))
      realtime.toUser(userId, 'shared_asset_update', { tray: 'shared_assets', asset: card });
  });
  events.on('shares.links_changed', ({ assetId, projectId }) => {
    realtime.toRoom(`project:${projectId}`, 'asset_shares_changed', { ingest_db_id: assetId });
  });
  events.on('comments.changed', ({ assetId, projectId }) => {
    realtime.toRoom(`project:${projectId}`, 'asset_comments_changed', { ingest_db_id: assetId });
  });
  events.on('shares.removed', ({ shares }) => {
    for (const { userId, shareId } of shares)
      realtime.toUser(userId, 'shared_asset_delete', { share_id: shareId });
  });
}
