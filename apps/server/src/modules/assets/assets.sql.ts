import { randomInt } from 'node:crypto';
import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { INGEST_STATUS, MSG, mediaFileUrl, type AssetItem, type SpriteSheet } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { assets } from '../../db/schema/index.ts';
import { notFound } from '../../platform/http/errors.ts';
import { iso, rowsOf, uuidArray } from '../../db/rows.ts';

export type AssetRow = typeof assets.$inferSelect;

/**
 * The columns a list answer is made from: every column but the search index's (the tsvector and
 * the text it is built from), which no answer shows and which are the widest values of a row.
 */
export const listedAssetColumns = (() => {
  const { searchVector: _vector, searchText: _text, ...listed } = getTableColumns(assets);
  return listed;
})();
/** An asset row as list reads select it (listedAssetColumns). */
export type ListedAssetRow = Omit<AssetRow, 'searchVector' | 'searchText'>;

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** The human ingest_id, e.g. 'IN7QK2HX9A3F'. */
export const newIngestCode = () =>
  'IN' + Array.from({ length: 10 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/**
 * What full-text search reads: title, additional name and keywords (docs/decisions/0006-projects-and-assets.md), as typed and
 * once more with punctuation as spaces — the parser reads 'city_night.mov' as one host name, and
 * people search for 'night'.
 */
export function searchTextOf(title: string, additional: string, keywords: readonly string[]) {
  const raw = [title, additional, ...keywords].filter(Boolean).join(' ');
  const words = raw.replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  return words === raw ? raw : `${raw} ${words}`;
}

/** The path shown for assets inside `folder`: '/' at the root, '/A/B' inside B inside A. */
export const childPath = (folder: { folderPath: string; title: string } | null) =>
  folder === null ? '/' : `${folder.folderPath === '/' ? '' : folder.folderPath}/${folder.title}`;

/** The newest version of a stack: its asset row and number. */
export interface NewestVersion {
  row: ListedAssetRow;
  versionNo: number;
}

/** The newest version of each of these roots that has a stack (roots without one are left out). */
export type NewestVersionsReader = (db: DbOrTx, rootIds: string[]) => Promise<Map<string, NewestVersion>>;

/**
 * Stacks (asset_versions) belong to the shares module, which builds on assets: it hands its reader
 * over from its manifest's `listeners` (as projects' onProjectDeleting). One query for every app in
 * the process, so not kept per app.
 */
let newestReader: NewestVersionsReader | undefined;

export function readNewestVersionsWith(reader: NewestVersionsReader) {
  newestReader = reader;
}

/** The list shows a stack under its newest file. */
export async function newestVersions(db: DbOrTx, rootIds: string[]): Promise<Map<string, NewestVersion>> {
  if (rootIds.length === 0) return new Map();
  // A list that silently showed version 1 of every stack would look right and be wrong.
  if (!newestReader) throw new Error('No reader of asset_versions: the shares module registers it');
  return newestReader(db, rootIds);
}

/**
 * A list row. A stack keeps its root's id (actions and links name the root, which opens on the
 * newest version) but shows the newest version's name, media and number.
 */
export function presentAsset(root: ListedAssetRow, newest?: NewestVersion): AssetItem {
  const r = newest?.row ?? root;
  return {
    ...presentRow(root),
    title: r.title,
    file_type: r.fileType,
    thumbnail: presentRow(r).thumbnail,
    status: r.status,
    size: Number(r.sizeBytes),
    extension: r.extension,
    duration: r.durationSeconds,
    sprite: spriteOf(r),
    ...(newest ? { version_no: newest.versionNo } : {}),
  };
}

/** The hover-scrub sheet of the row shown (the newest version of a stack), once the pipeline made it. */
function spriteOf(r: ListedAssetRow): SpriteSheet | null {
  const info = r.spriteInfo;
  if (!r.spriteKey || !info) return null;
  return {
    cols: info.cols,
    rows: info.rows,
    count: info.count,
    tile_width: info.tileWidth,
    tile_height: info.tileHeight,
    interval_seconds: info.intervalSeconds,
    url: mediaFileUrl(r.id, 'sprite', String(r.updatedAt.getTime())),
  };
}

function presentRow(r: ListedAssetRow): AssetItem {
  return {
    ingest_db_id: r.id,
    title: r.title,
    file_type: r.fileType,
    is_folder: r.isFolder,
    folder_path: r.folderPath,
    parent_db_id: r.parentId,
    // Versioned by updated_at, so a new thumbnail is not hidden by the browser's cache.
    thumbnail: r.thumbnailKey ? mediaFileUrl(r.id, 'thumbnail', String(r.updatedAt.getTime())) : null,
    created_on: iso(r.createdAt),
    background_color: r.backgroundColor,
    approval_status: r.approvalStatus,
    status: r.status,
    size: Number(r.sizeBytes),
    extension: r.extension,
    // seconds once the media pipeline probed it: the list shows durations live
    duration: r.durationSeconds,
  };
}

/** A folder of the project, or 404 'Folder not found' (ids of other projects are not found either). */
export async function folderIn(db: DbOrTx, projectId: string, folderId: string): Promise<AssetRow> {
  const [row] = await db
    .select()
    .from(assets)
    .where(and(eq(assets.id, folderId), eq(assets.projectId, projectId), eq(assets.isFolder, true)))
    .limit(1);
  if (!row) throw notFound(MSG.folderNotFound);
  return row;
}

/** The project's folders (id, path, title), by path then title; at most `limit`. */
export async function projectFolders(db: DbOrTx, projectId: string, limit = 2000) {
  return db
    .select({ id: assets.id, folderPath: assets.folderPath, title: assets.title })
    .from(assets)
    .where(and(eq(assets.projectId, projectId), eq(assets.isFolder, true)))
    .orderBy(assets.folderPath, assets.title)
    .limit(limit);
}

/** One asset by id (folders included), or null. */
export async function findAsset(db: DbOrTx, assetId: string): Promise<AssetRow | null> {
  const [row] = await db.select().from(assets).where(eq(assets.id, assetId)).limit(1);
  return row ?? null;
}

/** One file asset by id (null for folders and unknown ids). */
export async function findFileAsset(db: DbOrTx, assetId: string): Promise<AssetRow | null> {
  const [row] = await db
    .select()
    .from(assets)
    .where(and(eq(assets.id, assetId), eq(assets.isFolder, false)))
    .limit(1);
  return row ?? null;
}

/**
 * Title and type of the file assets among `ids` that are in `projectId` (another module's page of
 * hits, e.g. transcript lines, named for the user); ids of other projects are left out.
 */
export async function fileTitlesIn(db: DbOrTx, projectId: string, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, { title: string; fileType: string }>();
  const rows = await db
    .select({ id: assets.id, title: assets.title, fileType: assets.fileType })
    .from(assets)
    .where(
      and(
        eq(assets.projectId, projectId),
        eq(assets.isFolder, false),
        sql`${assets.id} = any(${uuidArray(ids)})`,
      ),
    );
  return new Map(rows.map((r) => [r.id, { title: r.title, fileType: r.fileType }]));
}

/** Root → folder, for breadcrumbs. */
export async function ancestorsOf(db: DbOrTx, folderId: string | null) {
  if (!folderId) return [];
  const rows = await rowsOf<{ id: string; title: string }>(
    db,
    sql`with recursive anc as (
      select id, parent_id, title, 0 as depth from ${assets} where id = ${folderId}
      union all
      select a.id, a.parent_id, a.title, anc.depth + 1 from ${assets} a join anc on a.id = anc.parent_id
    ) select id, title from anc order by depth desc`,
  );
  return rows.map((r) => ({ ingest_db_id: r.id, title: r.title }));
}

export interface SubtreeRow {
  id: string;
  parent_id: string | null;
  is_folder: boolean;
  size_bytes: string | number;
  blob_key: string | null;
  thumbnail_key: string | null;
  proxy_key: string | null;
  depth: number;
}

/** The given assets and everything inside them, shallowest first. */
export async function subtreeOf(db: DbOrTx, ids: readonly string[]): Promise<SubtreeRow[]> {
  if (ids.length === 0) return [];
  return rowsOf<SubtreeRow>(
    db,
    sql`with recursive sub as (
      select id, 0 as depth from ${assets} where id = any(${uuidArray(ids)})
      union all
      select a.id, sub.depth + 1 from ${assets} a join sub on a.parent_id = sub.id
    ) select a.id, a.parent_id, a.is_folder, a.size_bytes, a.blob_key, a.thumbnail_key, a.proxy_key, sub.depth
      from sub join ${assets} a on a.id = sub.id order by sub.depth, a.id`,
  );
}

/**
 * The full-text query (spec 000 §2 'Search Assets'): websearch syntax, with the last word matched
 * as a prefix so results follow typing ('sun' finds 'sunset'). Quoted or negated endings keep
 * plain websearch semantics.
 */
export function tsQueryOf(text: string): SQL {
  const full = sql`websearch_to_tsquery('simple', ${text})`;
  const m = /^(.*?)([\p{L}\p{N}]+)$/su.exec(text);
  if (!m) return full;
  const [, head, last] = m;
  const quotes = (head.match(/"/g) ?? []).length;
  if (quotes % 2 === 1 || /(^|\s)-$/.test(head)) return full;
  const prefix = sql`to_tsquery('simple', ${`${last}:*`})`;
  return /[\p{L}\p{N}]/u.test(head) ? sql`(websearch_to_tsquery('simple', ${head}) && ${prefix})` : prefix;
}

/**
 * Finished video files without a stored frame rate, by id after `after` (keyset), for the media
 * module's frame-rate backfill (assets uploaded before the pipeline stored it).
 */
export function videosWithoutFrameRate(db: DbOrTx, after: string | null, limit: number) {
  return db
    .select({ id: assets.id, blobKey: assets.blobKey })
    .from(assets)
    .where(
      and(
        eq(assets.fileType, 'video'),
        eq(assets.status, INGEST_STATUS.finished),
        sql`${assets.frameRate} is null and ${assets.blobKey} is not null`,
        after ? sql`${assets.id} > ${after}` : undefined,
      ),
    )
    .orderBy(assets.id)
    .limit(limit);
}

/**
 * Finished videos without a sprite sheet, by id after `after` (keyset), for the media module's
 * sprite backfill (videos processed before sheets existed).
 */
export function videosWithoutSprite(db: DbOrTx, after: string | null, limit: number) {
  return db
    .select({ id: assets.id })
    .from(assets)
    .where(
      and(
        eq(assets.fileType, 'video'),
        eq(assets.status, INGEST_STATUS.finished),
        sql`${assets.spriteKey} is null and ${assets.blobKey} is not null`,
        after ? sql`${assets.id} > ${after}` : undefined,
      ),
    )
    .orderBy(assets.id)
    .limit(limit);
}

/** A file the project shows now: a stack's newest version at its root's place. */
export interface CurrentFile {
  /** the root's folder ('/' or '/A/B') */
  folderPath: string;
  row: ListedAssetRow;
}

/**
 * The project's files as its lists show them: every stored file that is not a newer version of a
 * stack, each as its stack's newest version (a cloud workstation brings these onto its desktop). At
 * most `limit`, by folder path then name.
 */
export async function currentFilesOf(db: DbOrTx, projectId: string, limit: number): Promise<CurrentFile[]> {
  const roots = await db
    .select(listedAssetColumns)
    .from(assets)
    .where(
      and(
        eq(assets.projectId, projectId),
        eq(assets.isFolder, false),
        eq(assets.inStack, false),
        sql`${assets.blobKey} is not null`,
      ),
    )
    .orderBy(assets.folderPath, sql`lower(${assets.title})`, assets.id)
    .limit(limit);
  const newest = await newestVersions(
    db,
    roots.map((r) => r.id),
  );
  return roots.map((r) => ({ folderPath: r.folderPath, row: newest.get(r.id)?.row ?? r }));
}

/** The oldest other listed file of that name in the same folder (a name clash), or null. */
export async function sameNameIn(db: DbOrTx, file: AssetRow): Promise<AssetRow | null> {
  const [row] = await db
    .select()
    .from(assets)
    .where(
      and(
        eq(assets.projectId, file.projectId),
        file.parentId ? eq(assets.parentId, file.parentId) : sql`${assets.parentId} is null`,
        eq(assets.isFolder, false),
        eq(assets.inStack, false),
        eq(assets.title, file.title),
        sql`${assets.id} <> ${file.id}`,
      ),
    )
    .orderBy(assets.createdAt, assets.id)
    .limit(1);
  return row ?? null;
}
