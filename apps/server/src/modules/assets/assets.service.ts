import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  MSG,
  type AssetMetadata,
  type AssetPage,
  type CreateFolderBody,
  type DeleteAssetsBody,
  type ListAssetsQuery,
  type SearchAssetsQuery,
  type UpdateMetadataBody,
  displayName,
} from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { assetEntries, assets, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { decodeKeyset, encodeKeyset, isCursorId } from '../../platform/http/cursor.ts';
import { notFound } from '../../platform/http/errors.ts';
import { iso, rowsOf, uuidArray } from '../../db/rows.ts';
import { canEditMetadata, adjustProjectTotals, lockProject, type ProjectAccess } from '../projects/index.ts';
import { runAssetsDeleting } from './deleteHooks.ts';
import { enqueueBlobDeletion } from './assets.jobs.ts';
import { insertAsset } from './assets.writes.ts';
import {
  ancestorsOf,
  folderIn,
  newestVersions,
  presentAsset,
  searchTextOf,
  subtreeOf,
  tsQueryOf,
  listedAssetColumns,
  type ListedAssetRow,
} from './assets.sql.ts';

/** Keyset position in the storyboard order: folders first, then by lower(title), then id. */
export type Cursor = [isFolder: boolean, lowerTitle: string, id: string];
const encodeCursor = (c: Cursor) => encodeKeyset(c);
const decodeCursor = (raw: string | undefined) =>
  decodeKeyset(
    raw,
    (v): v is Cursor =>
      v.length === 3 && typeof v[0] === 'boolean' && typeof v[1] === 'string' && isCursorId(v[2]),
  );

const lowerTitle = sql<string>`lower(${assets.title})`;
const after = (c: Cursor) => sql`(${lowerTitle}, ${assets.id}) > (${c[1]}, ${c[2]}::uuid)`;
type Ranked = { row: ListedAssetRow; key: string };
const selectRanked = (db: DbOrTx) => db.select({ row: listedAssetColumns, key: lowerTitle }).from(assets);

async function pageOf(
  db: DbOrTx,
  rows: Ranked[],
  limit: number,
  total: number,
  breadcrumbs: AssetPage['breadcrumbs'],
) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const newest = await newestVersions(
    db,
    page.filter((r) => !r.row.isFolder).map((r) => r.row.id),
  );
  return {
    items: page.map((r) => presentAsset(r.row, newest.get(r.row.id))),
    next_cursor:
      rows.length > limit && last ? encodeCursor([last.row.isFolder, last.key, last.row.id]) : null,
    total_entries: total,
    breadcrumbs,
  };
}

/** total_entries of a folder (null: the project's root) from its kept count: no scan. */
export async function entriesOf(db: DbOrTx, projectId: string, folderId: string | null) {
  const [row] = await prepared(db, 'asset_entries_of', entriesQuery, { id: folderId ?? projectId });
  return row?.n ?? 0;
}
const entriesQuery = (db: DbOrTx) =>
  db
    .select({ n: assetEntries.entries })
    .from(assetEntries)
    .where(eq(assetEntries.containerId, sql.placeholder('id')));

/**
 * One phase of a folder page (exported for the EXPLAIN test): the folders or the files of a folder
 * after the cursor, in (lower(title), id) order — an index range scan, so page N costs what page 1 does.
 */
export function listPhaseQuery(
  db: DbOrTx,
  projectId: string,
  folderId: string | null,
  isFolder: boolean,
  cursor: Cursor | null,
  n: number,
) {
  const values = phaseValues(projectId, folderId, isFolder, cursor, n);
  return phaseSelect(db, (k) => values[k], folderId !== null, cursor !== null && cursor[0] === isFolder);
}

type PhaseValues = Record<'projectId' | 'folderId' | 'isFolder' | 'key' | 'id' | 'n', unknown>;
const phaseValues = (
  projectId: string,
  folderId: string | null,
  isFolder: boolean,
  cursor: Cursor | null,
  n: number,
): PhaseValues => ({ projectId, folderId, isFolder, key: cursor?.[1], id: cursor?.[2], n });

/** The phase query with each value from `arg`: the values themselves, or placeholders to prepare it. */
function phaseSelect(
  db: DbOrTx,
  arg: (k: keyof PhaseValues) => unknown,
  inFolder: boolean,
  afterCursor: boolean,
) {
  const where: (SQL | undefined)[] = [
    sql`${assets.projectId} = ${arg('projectId')}`,
    inFolder ? sql`${assets.parentId} = ${arg('folderId')}` : isNull(assets.parentId),
    // Newer versions of an asset live in its version stack, not as rows of the folder;
    // in_stack mirrors asset_versions (a trigger keeps it), so the list and asset_entries agree.
    eq(assets.inStack, false),
    sql`${assets.isFolder} = ${arg('isFolder')}`,
  ];
  if (afterCursor) where.push(sql`(${lowerTitle}, ${assets.id}) > (${arg('key')}, ${arg('id')}::uuid)`);
  return selectRanked(db)
    .where(and(...where))
    .orderBy(asc(lowerTitle), asc(assets.id))
    .limit(arg('n') as number);
}

/** A folder page's phase as a prepared statement: one per shape (root or folder, with or without cursor). */
function runPhase(
  db: DbOrTx,
  projectId: string,
  folderId: string | null,
  isFolder: boolean,
  cursor: Cursor | null,
  n: number,
) {
  const inFolder = folderId !== null;
  const afterCursor = cursor !== null && cursor[0] === isFolder;
  return prepared(
    db,
    `assets_phase_${inFolder ? 'folder' : 'root'}${afterCursor ? '_after' : ''}`,
    (d) => phaseSelect(d, (k) => sql.placeholder(k), inFolder, afterCursor),
    phaseValues(projectId, folderId, isFolder, cursor, n),
  );
}

/**
 * The search page query (exported for the EXPLAIN test): project, tsquery match and keyset in the
 * storyboard order. The GIN index answers the match; the few matching rows are then sorted.
 */
export function searchQuery(
  db: DbOrTx,
  projectId: string,
  text: string,
  cursor: Cursor | null,
  limit: number,
) {
  const matches = and(eq(assets.projectId, projectId), sql`${assets.searchVector} @@ ${tsQueryOf(text)}`);
  const keyset = cursor
    ? cursor[0]
      ? sql`(not ${assets.isFolder} or ${after(cursor)})`
      : sql`(not ${assets.isFolder} and ${after(cursor)})`
    : undefined;
  const page = selectRanked(db)
    .where(and(matches, keyset))
    .orderBy(desc(assets.isFolder), asc(lowerTitle), asc(assets.id))
    .limit(limit + 1);
  return { page, matches };
}

/**
 * total_entries of a search is exact up to this many matches; with more it answers SEARCH_COUNT_CAP + 1,
 * 'more than SEARCH_COUNT_CAP' (docs/decisions/0025-paging-and-per-request-cost.md, 'Search counts at most 10,000 matches').
 */
export const SEARCH_COUNT_CAP = 10_000;

/**
 * A search page and its count in one statement, for up to `cap` matches (exported for the EXPLAIN
 * test): the matches' sort keys are collected once (at most cap + 1 narrow rows from the GIN
 * bitmap), counted, and the page is drawn from them; only the page's rows are then read whole.
 * `n` over `cap` means there are more, and the page must come from `searchQuery` instead.
 */
export function searchWithCountQuery(
  db: DbOrTx,
  projectId: string,
  text: string,
  cursor: Cursor | null,
  limit: number,
  cap = SEARCH_COUNT_CAP,
) {
  const matched = db.$with('matched').as(
    db
      .select({ id: assets.id, isFolder: assets.isFolder, key: sql<string>`${lowerTitle}`.as('key') })
      .from(assets)
      .where(and(eq(assets.projectId, projectId), sql`${assets.searchVector} @@ ${tsQueryOf(text)}`))
      .limit(cap + 1),
  );
  const afterMatched = (c: Cursor) => sql`(${matched.key}, ${matched.id}) > (${c[1]}, ${c[2]}::uuid)`;
  const keyset = cursor
    ? cursor[0]
      ? sql`(not ${matched.isFolder} or ${afterMatched(cursor)})`
      : sql`(not ${matched.isFolder} and ${afterMatched(cursor)})`
    : undefined;
  const page = db
    .select({ id: matched.id, isFolder: matched.isFolder, key: matched.key })
    .from(matched)
    .where(keyset)
    .orderBy(desc(matched.isFolder), asc(matched.key), asc(matched.id))
    .limit(limit + 1)
    .as('page');
  return db
    .with(matched)
    .select({
      row: listedAssetColumns,
      key: page.key,
      n: sql<number>`(select count(*)::int from ${matched})`,
    })
    .from(page)
    .innerJoin(assets, eq(assets.id, page.id))
    .orderBy(desc(page.isFolder), asc(page.key), asc(page.id));
}

/** A search page with total_entries capped at SEARCH_COUNT_CAP + 1: one statement unless there are more. */
async function searchPage(db: DbOrTx, projectId: string, text: string, cursor: Cursor | null, limit: number) {
  const rows = await searchWithCountQuery(db, projectId, text, cursor, limit);
  const n = rows[0]?.n;
  if (n !== undefined && n <= SEARCH_COUNT_CAP) return { rows, total: n };
  if (n === undefined && !cursor) return { rows: [], total: 0 };
  // More matches than the cap (every match must be sorted for the page), or a cursor past the last.
  const { page, matches } = searchQuery(db, projectId, text, cursor, limit);
  const capped = db
    .select({ one: sql`1` })
    .from(assets)
    .where(matches)
    .limit(SEARCH_COUNT_CAP + 1)
    .as('capped');
  const [[{ total }], all] = await Promise.all([
    db.select({ total: sql<number>`count(*)::int` }).from(capped),
    n === undefined ? Promise.resolve([]) : page,
  ]);
  return { rows: all, total };
}

export function createAssetsService(ctx: AppContext) {
  const { db, events } = ctx;

  /** One folder's children, folders first: two index range scans (assets_list_idx / assets_root_list_idx). */
  async function listFolder(
    projectId: string,
    folderId: string | null,
    limit: number,
    cursor: Cursor | null,
  ) {
    const phase = (isFolder: boolean, n: number) => runPhase(db, projectId, folderId, isFolder, cursor, n);
    const rows: Ranked[] = [];
    if (!cursor || cursor[0]) rows.push(...(await phase(true, limit + 1)));
    if (rows.length <= limit) rows.push(...(await phase(false, limit + 1 - rows.length)));
    return { rows, total: await entriesOf(db, projectId, folderId) };
  }

  // Who may is each route's policy (projects.canViewProject, canWriteAssets, canDeleteAssets,
  // canEditMetadata on project_db_id), checked before the handler.
  return {
    async createFolder(userId: string, body: CreateFolderBody) {
      const parentId = body.folder_db_id ?? null;
      const title = body.data.file_info.filename;
      const id = await events.transaction(db, async (tx, emit) => {
        await lockProject(tx, body.project_db_id);
        const parent = parentId ? await folderIn(tx, body.project_db_id, parentId) : null;
        const row = await insertAsset(tx, { projectId: body.project_db_id, parent, title, userId });
        await adjustProjectTotals(tx, body.project_db_id, 0, 1);
        emit('assets.changed', { projectId: body.project_db_id, folderIds: [parentId], totals: true });
        return row.id;
      });
      return { message: MSG.folderCreated, ingest_db_id: id, project_db_id: body.project_db_id };
    },

    async list(userId: string, q: ListAssetsQuery): Promise<AssetPage> {
      const folderId = q.folder_db_id ?? null;
      if (folderId) await folderIn(db, q.project_db_id, folderId);
      const { rows, total } = await listFolder(
        q.project_db_id,
        folderId,
        q.entries_per_page,
        decodeCursor(q.cursor),
      );
      return pageOf(db, rows, q.entries_per_page, total, await ancestorsOf(db, folderId));
    },

    /** Full-text search over the whole project (GIN index on the stored tsvector). */
    async search(userId: string, q: SearchAssetsQuery): Promise<AssetPage> {
      const { rows, total } = await searchPage(
        db,
        q.project_db_id,
        q.search_text,
        decodeCursor(q.cursor),
        q.entries_per_page,
      );
      return pageOf(db, rows, q.entries_per_page, total, []);
    },

    /**
     * Deletes assets of one project; folders take their contents. Ids of another project refuse the
     * whole request (nothing is deleted). Counters drop in the same transaction; blobs go by job.
     */
    async remove(userId: string, body: DeleteAssetsBody) {
      const ids = [...new Set(body.ingest_db_ids)];
      await events.transaction(db, async (tx, emit) => {
        await lockProject(tx, body.project_db_id);
        const found = await rowsOf<{ id: string; parent_id: string | null }>(
          tx,
          sql`select id, parent_id from ${assets} where id = any(${uuidArray(ids)}) and project_id = ${body.project_db_id} for update`,
        );
        if (found.length !== ids.length) throw notFound(MSG.assetNotFound);
        const subtree = await subtreeOf(tx, ids);
        const bytes = subtree.reduce((n, r) => n + (r.is_folder ? 0 : Number(r.size_bytes)), 0);
        const keys = subtree
          .flatMap((r) => [r.blob_key, r.thumbnail_key, r.proxy_key])
          .filter((k) => k !== null);
        // Recipients of shared assets in the subtree lose the card live (rows would cascade anyway).
        await runAssetsDeleting(
          ctx,
          tx,
          emit,
          subtree.map((r) => r.id),
        );
        await tx.execute(sql`delete from ${assets} where id = any(${uuidArray(ids)})`);
        await adjustProjectTotals(tx, body.project_db_id, -bytes, -subtree.length);
        await enqueueBlobDeletion(tx, keys);
        emit('assets.changed', {
          projectId: body.project_db_id,
          folderIds: [...new Set(found.map((r) => r.parent_id))],
          totals: true,
        });
      });
      ctx.jobs.wake();
      return { message: MSG.assetDeleted };
    },

    async metadata(access: ProjectAccess, assetId: string): Promise<AssetMetadata> {
      const projectId = access.project.id;
      const [row] = await db
        .select({ asset: assets, first: users.firstName, last: users.lastName })
        .from(assets)
        .leftJoin(users, eq(users.id, assets.uploadedBy))
        .where(and(eq(assets.id, assetId), eq(assets.projectId, projectId)))
        .limit(1);
      if (!row) throw notFound(MSG.assetNotFound);
      const a = row.asset;
      return {
        file_info: {
          uploaded_by: displayName(row.first, row.last),
          ingest_id: a.ingestCode,
          created_on: iso(a.createdAt),
          uploaded_from: a.uploadedFrom,
          format: a.format,
          file_size: Number(a.sizeBytes),
          duration: a.durationSeconds,
        },
        ingest_db_id: a.id,
        title: a.title,
        additional_filename: a.additionalFilename,
        keywords: a.keywords,
        can_add_update_asset_metadata: canEditMetadata(access),
      };
    },

    async updateMetadata(userId: string, body: UpdateMetadataBody) {
      // Keywords are kept once each (case-insensitive), in the order typed.
      const seen = new Set<string>();
      const keywords = body.keywords.filter((k) => !seen.has(k.toLowerCase()) && seen.add(k.toLowerCase()));
      await events.transaction(db, async (tx, emit) => {
        const [row] = await tx
          .select({ title: assets.title, parentId: assets.parentId })
          .from(assets)
          .where(and(eq(assets.id, body.ingest_db_id), eq(assets.projectId, body.project_db_id)))
          .for('update');
        if (!row) throw notFound(MSG.assetNotFound);
        await tx
          .update(assets)
          .set({
            keywords,
            additionalFilename: body.additional_filename,
            searchText: searchTextOf(row.title, body.additional_filename, keywords),
            updatedAt: new Date(),
          })
          .where(eq(assets.id, body.ingest_db_id));
        emit('assets.changed', { projectId: body.project_db_id, folderIds: [row.parentId], totals: false });
      });
      return { message: MSG.detailsUpdated };
    },
  };
}
