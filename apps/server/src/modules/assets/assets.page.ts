import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { assetEntries, assets } from '../../db/schema/index.ts';
import { decodeKeyset, encodeKeyset, isCursorId } from '../../platform/http/cursor.ts';
import { listedAssetColumns, stackedSql, type ListedAssetRow } from './assets.sql.ts';

/** Keyset position in the storyboard order: folders first, then by lower(title), then id. */
export type Cursor = [isFolder: boolean, lowerTitle: string, id: string];
export const encodeCursor = (c: Cursor) => encodeKeyset(c);
export const decodeCursor = (raw: string | undefined) =>
  decodeKeyset(
    raw,
    (v): v is Cursor =>
      v.length === 3 && typeof v[0] === 'boolean' && typeof v[1] === 'string' && isCursorId(v[2]),
  );

export const lowerTitle = sql<string>`lower(${assets.title})`;

/** A row of a page in the storyboard order: the asset, its sort key, and whether it heads a stack. */
export interface Ranked {
  row: ListedAssetRow;
  key: string;
  stacked: boolean;
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

type PageValues = Record<'projectId' | 'folderId' | 'containerId' | 'key' | 'id' | 'n', unknown>;
/** Each value of a statement: the value itself, or its placeholder to prepare the statement. */
type Arg = (k: keyof PageValues) => unknown;

/** Where a page starts: at the first folder, after a folder, or after a file (the folders are done). */
type Start = 'first' | 'after_folder' | 'after_file';

/**
 * One phase of a folder page: the folders or the files of a folder after the cursor, in
 * (lower(title), id) order. An index range scan (assets_list_idx / assets_root_list_idx), so page N
 * costs what page 1 does.
 */
function phaseSelect(db: DbOrTx, arg: Arg, inFolder: boolean, isFolder: boolean, afterCursor: boolean) {
  const where: (SQL | undefined)[] = [
    sql`${assets.projectId} = ${arg('projectId')}`,
    inFolder ? sql`${assets.parentId} = ${arg('folderId')}` : isNull(assets.parentId),
    // Newer versions of an asset live in its version stack, not as rows of the folder;
    // in_stack mirrors asset_versions (a trigger keeps it), so the list and asset_entries agree.
    eq(assets.inStack, false),
    eq(assets.isFolder, isFolder),
  ];
  if (afterCursor) where.push(sql`(${lowerTitle}, ${assets.id}) > (${arg('key')}, ${arg('id')}::uuid)`);
  return db
    .select({ row: listedAssetColumns, key: sql<string>`${lowerTitle}`.as('key') })
    .from(assets)
    .where(and(...where))
    .orderBy(asc(lowerTitle), asc(assets.id))
    .limit(arg('n') as number);
}

/**
 * A folder page in one statement (exported for the EXPLAIN test): the folders' phase and the files'
 * phase (each at most `n` rows, read by its own index range) in the storyboard order, the folder's
 * kept count (total_entries) and, per row, whether it heads a version stack. After a file's cursor
 * only the files' phase runs. An empty page has no row to carry the count: its caller reads it apart.
 */
export function folderPageSelect(db: DbOrTx, arg: Arg, inFolder: boolean, start: Start) {
  const files = phaseSelect(db, arg, inFolder, false, start === 'after_file');
  const page = (
    start === 'after_file'
      ? files
      : unionAll(phaseSelect(db, arg, inFolder, true, start === 'after_folder'), files)
  ).as('page');
  return db
    .select({
      row: page.row,
      key: page.key,
      stacked: stackedSql(page.row.id),
      total: sql<number>`${sql`(select ${assetEntries.entries} from ${assetEntries}
        where ${assetEntries.containerId} = ${arg('containerId')})`}`,
    })
    .from(page)
    .orderBy(desc(page.row.isFolder), asc(page.key), asc(page.row.id))
    .limit(arg('n') as number);
}

const pageArgs = (projectId: string, folderId: string | null, cursor: Cursor | null, n: number) => ({
  start: (!cursor ? 'first' : cursor[0] ? 'after_folder' : 'after_file') as Start,
  values: { projectId, folderId, containerId: folderId ?? projectId, key: cursor?.[1], id: cursor?.[2], n },
});

/** A folder's page (`n` rows, one more than asked to tell there is a next) and total_entries. */
export async function folderPage(
  db: DbOrTx,
  projectId: string,
  folderId: string | null,
  cursor: Cursor | null,
  n: number,
): Promise<{ rows: Ranked[]; total: number }> {
  const { start, values } = pageArgs(projectId, folderId, cursor, n);
  const inFolder = folderId !== null;
  const rows = await prepared(
    db,
    `assets_page_${inFolder ? 'folder' : 'root'}_${start}`,
    (d) => folderPageSelect(d, (k) => sql.placeholder(k), inFolder, start),
    values,
  );
  return { rows, total: rows[0]?.total ?? (await entriesOf(db, projectId, folderId)) };
}

/** The page statement with its values in place, for EXPLAIN. */
export function folderPageQuery(
  db: DbOrTx,
  projectId: string,
  folderId: string | null,
  cursor: Cursor | null,
  n: number,
) {
  const { start, values } = pageArgs(projectId, folderId, cursor, n);
  return folderPageSelect(db, (k) => values[k], folderId !== null, start);
}
