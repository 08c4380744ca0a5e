import { and, asc, eq, sql } from 'drizzle-orm';
import { reviewFileUrl, type ReviewItem, type ReviewKey } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { assetVersions, shareLinkItems, shareLinks } from '../../db/schema/index.ts';
import { currentVersionsOf, folderFileRoots, folderListsRoot, rootOf } from './versions.service.ts';

type LinkRow = typeof shareLinks.$inferSelect;

/** A folder link lists at most this many files (the review page is no file browser). */
export const FOLDER_ITEMS_MAX = 500;

/** A link item's stack root: the item itself, or the root when a newer version was picked. */
const rootExpr = sql<string>`coalesce(${assetVersions.rootId}, ${shareLinkItems.assetId})`;

/**
 * The stack roots of a link's files in playlist order: its items (kind assets); the files directly
 * in its folder now, by title, subfolders left out (kind folder); its one asset.
 */
export async function itemRootsOf(db: DbOrTx, link: LinkRow): Promise<string[]> {
  if (link.kind === 'assets') {
    const rows = await db
      .select({ root: rootExpr })
      .from(shareLinkItems)
      .leftJoin(assetVersions, eq(assetVersions.assetId, shareLinkItems.assetId))
      .where(eq(shareLinkItems.linkId, link.id))
      .orderBy(asc(shareLinkItems.position));
    return [...new Set(rows.map((r) => r.root))];
  }
  if (link.kind === 'folder') return folderFileRoots(db, link.assetId, FOLDER_ITEMS_MAX);
  return [await rootOf(db, link.assetId)];
}

/** Whether a stack root is one of the link's files (checked on every call naming a file). */
export async function linkHolds(db: DbOrTx, link: LinkRow, root: string): Promise<boolean> {
  if (link.kind === 'assets') {
    const [row] = await db
      .select({ one: sql`1` })
      .from(shareLinkItems)
      .leftJoin(assetVersions, eq(assetVersions.assetId, shareLinkItems.assetId))
      .where(and(eq(shareLinkItems.linkId, link.id), sql`${rootExpr} = ${root}`))
      .limit(1);
    return Boolean(row);
  }
  if (link.kind === 'folder') return folderListsRoot(db, link.assetId, root);
  return root === (await rootOf(db, link.assetId));
}

/**
 * The stack root to show: that of the asked file when the link holds it (null when it does not),
 * else the preferred one (a tray card's asset) when held, else the first file (null: an empty folder).
 */
export async function rootToShow(
  db: DbOrTx,
  link: LinkRow,
  asked: string | undefined,
  preferred?: string,
): Promise<string | null> {
  if (asked) {
    const root = await rootOf(db, asked);
    return (await linkHolds(db, link, root)) ? root : null;
  }
  if (preferred) {
    const root = await rootOf(db, preferred);
    if (await linkHolds(db, link, root)) return root;
  }
  if (link.kind === 'asset') return rootOf(db, link.assetId);
  return (await itemRootsOf(db, link))[0] ?? null;
}

/** The playlist: each file as its newest version, its poster through the link. */
export async function presentItems(db: DbOrTx, key: ReviewKey, roots: string[]): Promise<ReviewItem[]> {
  const current = await currentVersionsOf(db, roots);
  const linkKey = { shared_link: key.shared_link, shared_asset: key.shared_asset };
  return roots
    .flatMap((root) => {
      const a = current.get(root);
      if (!a) return [];
      return [
        {
          ingest_db_id: a.id,
          title: a.title,
          file_type: a.fileType,
          duration: a.durationSeconds,
          thumbnail: a.thumbnailKey ? reviewFileUrl(linkKey, 'thumbnail', a.id) : null,
          position: 0,
        },
      ];
    })
    .map((item, position) => ({ ...item, position }));
}
