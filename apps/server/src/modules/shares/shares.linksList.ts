import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { SHARE_LINKS_PAGE_SIZE, SHARE_LINKS_TEXT, type ProjectShareLink } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { assets, shareLinkItems, shareLinkViews, shareLinks, users } from '../../db/schema/index.ts';
import { decodeKeyset, encodeKeyset, isCursorId } from '../../platform/http/cursor.ts';

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
