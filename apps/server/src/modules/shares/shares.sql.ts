import { displayName } from '@rushes/shared';
import { and, asc, eq, exists, inArray, isNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SharedAssetCard } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { assetComments, assetShares, assets, projects, users } from '../../db/schema/index.ts';

/** Queries of asset shares: tray cards in one joined query (asset, project, sharer). */

const sharer = alias(users, 'sharer');

const cardColumns = {
  shareId: assetShares.id,
  userId: assetShares.sharedWithUserId,
  createdAt: assetShares.createdAt,
  assetId: assets.id,
  title: assets.title,
  fileType: assets.fileType,
  isFolder: assets.isFolder,
  projectId: projects.id,
  projectTitle: projects.title,
  sharerId: sharer.id,
  sharerFirst: sharer.firstName,
  sharerLast: sharer.lastName,
};

export type ShareCardRow = Awaited<ReturnType<typeof selectCards>>[number];

/** Share rows with their card fields, filtered and ordered by the caller (newest first for the tray). */
export function selectCards(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(cardColumns)
    .from(assetShares)
    .innerJoin(assets, eq(assets.id, assetShares.assetId))
    .innerJoin(projects, eq(projects.id, assets.projectId))
    .leftJoin(sharer, eq(sharer.id, assetShares.sharedByUserId))
    .where(where)
    .$dynamic();
}

export function presentCard(r: ShareCardRow): SharedAssetCard {
  return {
    share_id: r.shareId,
    ingest_db_id: r.assetId,
    title: r.title,
    file_type: r.fileType,
    is_folder: r.isFolder,
    project_db_id: r.projectId,
    project_title: r.projectTitle,
    shared_by: r.sharerId ? { user_id: r.sharerId, name: displayName(r.sharerFirst, r.sharerLast) } : null,
    shared_on: r.createdAt.toISOString(),
  };
}

/** Cards of shares by id, with their recipient (for realtime tray updates). */
export async function cardsOfShares(db: DbOrTx, shareIds: string[]) {
  if (shareIds.length === 0) return [];
  const rows = await selectCards(db, inArray(assetShares.id, shareIds));
  return rows.map((r) => ({ userId: r.userId, card: presentCard(r) }));
}

/** The shares of some assets with their recipients (read before the assets go). */
export async function sharesOfAssets(db: DbOrTx, assetIds: string[]) {
  if (assetIds.length === 0) return [];
  return db
    .select({ shareId: assetShares.id, userId: assetShares.sharedWithUserId })
    .from(assetShares)
    .where(inArray(assetShares.assetId, assetIds));
}

/** A project's file assets with at least one top comment, by title (the project's marker export). */
export async function commentedAssetsOf(db: DbOrTx, projectId: string) {
  const commented = db
    .select({ one: assetComments.id })
    .from(assetComments)
    .where(and(eq(assetComments.assetId, assets.id), isNull(assetComments.parentId)));
  return db
    .select()
    .from(assets)
    .where(and(eq(assets.projectId, projectId), eq(assets.isFolder, false), exists(commented)))
    .orderBy(asc(assets.title), asc(assets.createdAt));
}
