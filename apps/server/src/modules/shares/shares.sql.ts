import { SHARE_LINKS_PAGE_SIZE, SHARE_LINKS_TEXT, displayName, type ProjectShareLink } from '@rushes/shared';
import { and, asc, desc, eq, exists, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SharedAssetCard } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import {
  assetComments,
  assetShares,
  assets,
  projects,
  shareLinkItems,
  shareLinkViews,
  shareLinks,
  users,
} from '../../db/schema/index.ts';
import { decodeKeyset, encodeKeyset, isCursorId } from '../../platform/http/cursor.ts';

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

/** Assets named per link on the page; the count says how many there are in all. */
const ASSETS_SHOWN = 20;

const isCursor = (v: unknown[]): v is [string, string] =>
  v.length === 2 && typeof v[0] === 'string' && v[0].length < 40 && isCursorId(v[1]);

/**
 * A project's links with what the page shows of each, newest first. `where` narrows to one link
 * (after an edit); the cursor is (created_at as text, id), so the keyset keeps the column's
 * microseconds a JavaScript Date would drop.
 */
export async function selectProjectLinks(
  db: DbOrTx,
  projectId: string,
  opts: { cursor?: string; linkId?: string },
): Promise<{ links: ProjectShareLink[]; next_cursor: string | null }> {
  const cursor = decodeKeyset(opts.cursor, isCursor);
  const conditions: SQL[] = [eq(shareLinks.projectId, projectId)];
  if (opts.linkId) conditions.push(eq(shareLinks.id, opts.linkId));
  if (cursor)
    conditions.push(
      sql`(${shareLinks.createdAt}, ${shareLinks.id}) < (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)`,
    );
  const rows = await db
    .select({
      l: shareLinks,
      at: sql<string>`${shareLinks.createdAt}::text`,
      firstName: users.firstName,
      lastName: users.lastName,
      assetTitle: assets.title,
      views: sql<number>`(select count(*)::int from ${shareLinkViews} v where v.link_id = ${shareLinks.id})`,
      lastViewed: sql<
        string | null
      >`(select max(v.viewed_at) from ${shareLinkViews} v where v.link_id = ${shareLinks.id})`,
    })
    .from(shareLinks)
    .leftJoin(users, eq(users.id, shareLinks.createdBy))
    .leftJoin(assets, eq(assets.id, shareLinks.assetId))
    .where(and(...conditions))
    .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id))
    .limit(SHARE_LINKS_PAGE_SIZE + 1);
  const page = rows.slice(0, SHARE_LINKS_PAGE_SIZE);
  const several = page.filter((r) => r.l.kind === 'assets').map((r) => r.l.id);
  const items = several.length
    ? await db
        .select({ linkId: shareLinkItems.linkId, id: assets.id, title: assets.title })
        .from(shareLinkItems)
        .innerJoin(assets, eq(assets.id, shareLinkItems.assetId))
        .where(inArray(shareLinkItems.linkId, several))
        .orderBy(shareLinkItems.linkId, shareLinkItems.position)
    : [];
  const itemsOf = new Map<string, { ingest_db_id: string; title: string }[]>();
  for (const i of items) {
    const list = itemsOf.get(i.linkId) ?? [];
    list.push({ ingest_db_id: i.id, title: i.title });
    itemsOf.set(i.linkId, list);
  }
  const now = Date.now();
  const last = page.at(-1);
  return {
    links: page.map(({ l, firstName, lastName, assetTitle, views, lastViewed }) => {
      const named = assetTitle !== null ? [{ ingest_db_id: l.assetId, title: assetTitle }] : [];
      const list = l.kind === 'assets' ? (itemsOf.get(l.id) ?? []) : l.kind === 'asset' ? named : [];
      return {
        share_link_db_id: l.id,
        kind: l.kind,
        title:
          l.title ??
          (list.length > 1
            ? SHARE_LINKS_TEXT.manyTitle(list[0].title, list.length - 1)
            : (list[0]?.title ?? assetTitle ?? '')),
        assets: list.slice(0, ASSETS_SHOWN),
        asset_count: list.length,
        folder: l.kind === 'folder' ? (named[0] ?? null) : null,
        shared_by: firstName !== null ? `${firstName} ${lastName ?? ''}`.trim() : '',
        created_on: l.createdAt.toISOString(),
        expires_on: l.expiresAt.toISOString(),
        is_expired: l.expiresAt.getTime() <= now,
        is_revoked: l.revokedAt !== null,
        passcode_protection: l.passcodeHash !== null,
        is_download_allowed: l.isDownloadAllowed,
        watermark: l.watermark,
        views: Number(views),
        last_viewed_on: lastViewed ? new Date(lastViewed).toISOString() : null,
        can_copy: l.tokenSealed !== null,
      };
    }),
    next_cursor: rows.length > page.length && last ? encodeKeyset([last.at, last.l.id]) : null,
  };
}
