import { and, asc, desc, eq, inArray, isNotNull, max, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { MSG } from '@rushes/shared';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { Emit } from '../../platform/events/bus.ts';
import { assetVersions, assets } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { fieldError } from '../../platform/http/errors.ts';
import { prepared } from '../../db/prepared.ts';
import { listedAssetColumns, type ListedAssetRow, type NewestVersion } from '../assets/index.ts';
import { canWriteAssets } from '../projects/index.ts';
import { authorizeSharedAsset, type AssetRow } from './shares.policy.ts';

export interface StackEntry {
  asset: AssetRow;
  version: number;
}

/**
 * The newest version of each of these roots that has a stack, in one DISTINCT ON walk of
 * asset_versions_root_no_idx: the assets list shows a stack under its newest file. Prepared, with
 * the roots as one uuid[] value: every page runs it, so it is built once and parsed once per connection.
 */
export async function newestVersions(db: DbOrTx, rootIds: string[]): Promise<Map<string, NewestVersion>> {
  const rows = await prepared(db, 'asset_newest_versions', newestVersionsQuery, { rootIds });
  return new Map(rows.map((r) => [r.rootId, { row: r.row, versionNo: r.versionNo }]));
}
const newestVersionsQuery = (db: DbOrTx) =>
  db
    .selectDistinctOn([assetVersions.rootId], {
      rootId: assetVersions.rootId,
      versionNo: assetVersions.versionNo,
      row: listedAssetColumns,
    })
    .from(assetVersions)
    .innerJoin(assets, eq(assets.id, assetVersions.assetId))
    .where(sql`${assetVersions.rootId} = any(${sql.placeholder('rootIds')}::uuid[])`)
    .orderBy(assetVersions.rootId, desc(assetVersions.versionNo));

/**
 * True for an asset that a newer version replaces in its stack (the root of a stack, or a version
 * below the newest): another module's query keeps only what the assets list shows as the stack.
 */
export function isReplacedVersion(assetId: SQL | AnyColumn): SQL {
  return sql`exists (
    select 1 from ${assetVersions} newer
    where newer.root_id = coalesce(
        (select mine.root_id from ${assetVersions} mine where mine.asset_id = ${assetId}), ${assetId})
      and newer.version_no > coalesce(
        (select mine.version_no from ${assetVersions} mine where mine.asset_id = ${assetId}), 1)
  )`;
}

/** The root of an asset's stack (itself when it is not a newer version). */
export async function rootOf(db: DbOrTx, assetId: string): Promise<string> {
  const [row] = await db
    .select({ rootId: assetVersions.rootId })
    .from(assetVersions)
    .where(eq(assetVersions.assetId, assetId));
  return row?.rootId ?? assetId;
}

/** The stack of a root: version 1 (the root) first, then each newer one. */
export async function stackOf(db: DbOrTx, rootId: string): Promise<StackEntry[]> {
  const [root] = await db.select().from(assets).where(eq(assets.id, rootId));
  if (!root) return [];
  const newer = await db
    .select({ asset: assets, version: assetVersions.versionNo })
    .from(assetVersions)
    .innerJoin(assets, eq(assets.id, assetVersions.assetId))
    .where(eq(assetVersions.rootId, rootId))
    .orderBy(asc(assetVersions.versionNo));
  return [{ asset: root, version: 1 }, ...newer];
}

export const presentStack = (stack: StackEntry[]) =>
  stack.map((s) => ({ ingest_db_id: s.asset.id, version: s.version, title: s.asset.title }));

/**
 * Stacks `added` onto `base`'s stack as its next version and answers its number. Refuses (field error on
 * version_ingest_db_id) another project's asset, the stack's root, or an asset already in a stack. The
 * caller checked who may (the route, or the cloud agent's render for its own session's project).
 */
export async function stackVersion(tx: Tx, emit: Emit, userId: string, base: AssetRow, added: AssetRow) {
  const rootId = await rootOf(tx, base.id);
  const [inStack] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(assetVersions)
    .where(sql`${assetVersions.assetId} = ${added.id} or ${assetVersions.rootId} = ${added.id}`);
  if (added.projectId !== base.projectId || added.id === rootId || inStack.n > 0)
    throw fieldError('version_ingest_db_id', MSG.versionNotAllowed);
  // one stack at a time: lock the root row so two uploads get distinct numbers
  await tx.execute(sql`select id from ${assets} where id = ${rootId} for update`);
  const [{ top }] = await tx
    .select({ top: max(assetVersions.versionNo) })
    .from(assetVersions)
    .where(eq(assetVersions.rootId, rootId));
  const versionNo = (top ?? 1) + 1;
  await tx.insert(assetVersions).values({ assetId: added.id, rootId, versionNo, createdBy: userId });
  emit('assets.changed', { projectId: base.projectId, folderIds: [added.parentId], totals: false });
  emit('comments.changed', { assetId: rootId, projectId: base.projectId });
  return versionNo;
}

/**
 * Version stacks. Who may: members holding can_upload_assets stack an uploaded file onto
 * an asset of the same project; members read stacks.
 */
export function createVersionsService(ctx: AppContext) {
  const { db, events } = ctx;
  return {
    /** The asset its route's policy loaded (shares.policy.ts sharedAssetPolicy). */
    async list(asset: AssetRow) {
      return { versions: presentStack(await stackOf(db, await rootOf(db, asset.id))) };
    },

    async add(userId: string, body: { ingest_db_id: string; version_ingest_db_id: string }) {
      await events.transaction(db, async (tx, emit) => {
        const { asset: base } = await authorizeSharedAsset(tx, userId, body.ingest_db_id, canWriteAssets);
        const { asset: added } = await authorizeSharedAsset(
          tx,
          userId,
          body.version_ingest_db_id,
          canWriteAssets,
        );
        await stackVersion(tx, emit, userId, base, added);
      });
      const versions = presentStack(await stackOf(db, await rootOf(db, body.ingest_db_id)));
      return { message: MSG.versionAdded, versions };
    },
  };
}

/** The asset a review link shows: the asked version of its stack, else the newest. */
export async function versionToShow(db: DbOrTx, linkAssetId: string, asked: string | undefined) {
  const stack = await stackOf(db, await rootOf(db, linkAssetId));
  const chosen = (asked && stack.find((s) => s.asset.id === asked)) || stack[stack.length - 1];
  return { stack, chosen };
}

/** Each root as the lists show it: its stack's newest version, else itself (unknown ids left out). */
export async function currentVersionsOf(db: DbOrTx, roots: string[]): Promise<Map<string, ListedAssetRow>> {
  if (roots.length === 0) return new Map();
  const [newest, rows] = await Promise.all([
    newestVersions(db, roots),
    db.select(listedAssetColumns).from(assets).where(inArray(assets.id, roots)),
  ]);
  return new Map(rows.map((r) => [r.id, newest.get(r.id)?.row ?? r]));
}

/** A stored file listed directly in a folder (a stack shows once, by its root). */
const listedIn = (folderId: string) =>
  and(
    eq(assets.parentId, folderId),
    eq(assets.isFolder, false),
    eq(assets.inStack, false),
    isNotNull(assets.blobKey),
  );

/** The stack roots of the files directly in a folder, by title (a folder review link's playlist). */
export async function folderFileRoots(db: DbOrTx, folderId: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: assets.id })
    .from(assets)
    .where(listedIn(folderId))
    .orderBy(sql`lower(${assets.title})`, asc(assets.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Whether a stack root is a file listed directly in the folder. */
export async function folderListsRoot(db: DbOrTx, folderId: string, root: string): Promise<boolean> {
  const [row] = await db
    .select({ id: assets.id })
    .from(assets)
    .where(and(eq(assets.id, root), listedIn(folderId)))
    .limit(1);
  return Boolean(row);
}
