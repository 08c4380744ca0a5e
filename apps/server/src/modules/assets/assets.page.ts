import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
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

type PhaseValues = Record<'projectId' | 'folderId' | 'isFolder' | 'key' | 'id' | 'n', unknown>;
/** Each value of a statement: the value itself, or its placeholder to prepare the statement. */
type Arg = (k: keyof PhaseValues) => unknown;

/**
 * One phase of a folder page (exported for the EXPLAIN test): the folders or the files of a folder
 * after the cursor, in (lower(title), id) order, with whether each row heads a version stack. An
 * index range scan (assets_list_idx / assets_root_list_idx), so page N costs what page 1 does.
 */
export function phaseSelect(db: DbOrTx, arg: Arg, inFolder: boolean, afterCursor: boolean) {
  const where: (SQL | undefined)[] = [
    sql`${assets.projectId} = ${arg('projectId')}`,
    inFolder ? sql`${assets.parentId} = ${arg('folderId')}` : isNull(assets.parentId),
    // Newer versions of an asset live in its version stack, not as rows of the folder;
    // in_stack mirrors asset_versions (a trigger keeps it), so the list and asset_entries agree.
    eq(assets.inStack, false),
    sql`${assets.isFolder} = ${arg('isFolder')}`,
  ];
  if (afterCursor) where.push(sql`(${lowerTitle}, ${assets.id}) > (${arg('key')}, ${arg('id')}::uuid)`);
  return db
    .select({ row: listedAssetColumns, key: lowerTitle, stacked: stackedSql(assets.id) })
    .from(assets)
    .where(and(...where))
    .orderBy(asc(lowerTitle), asc(assets.id))
    .limit(arg('n') as number);
}

/**
 * A folder's page (`n` rows, one more than asked to tell there is a next) and total_entries: the
 * folders' phase, then the files' phase while the page has room (each a prepared statement, one per
 * shape: root or folder, with or without a cursor), and the folder's kept count.
 *
 * Not one statement: a `union all` of the phases with the count (tried 2026-12-07) was one round
 * trip, but PostgreSQL planned it afresh at every execution (a custom plan, 1.6 ms of planning against
 * 1 ms to run), and under load that cost more than the round trips it saved (decision 0040).
 */
export async function folderPage(
  db: DbOrTx,
  projectId: string,
  folderId: string | null,
  cursor: Cursor | null,
  n: number,
): Promise<{ rows: Ranked[]; total: number }> {
  const inFolder = folderId !== null;
  const phase = (isFolder: boolean, limit: number) => {
    const afterCursor = cursor !== null && cursor[0] === isFolder;
    return prepared(
      db,
      `assets_phase_${inFolder ? 'folder' : 'root'}${afterCursor ? '_after' : ''}`,
      (d) => phaseSelect(d, (k) => sql.placeholder(k), inFolder, afterCursor),
      { projectId, folderId, isFolder, key: cursor?.[1], id: cursor?.[2], n: limit },
    );
  };
  const rows: Ranked[] = [];
  if (!cursor || cursor[0]) rows.push(...(await phase(true, n)));
  if (rows.length < n) rows.push(...(await phase(false, n - rows.length)));
  return { rows, total: await entriesOf(db, projectId, folderId) };
}
