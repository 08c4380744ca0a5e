import { and, asc, eq, sql } from 'drizzle-orm';
import { TRANSCRIPT_SEARCH_PAGE_SIZE, type TranscriptSearchPage } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { transcriptLines } from '../../db/schema/transcripts.ts';
import { decodeKeyset, encodeKeyset, isCursorId } from '../../platform/http/cursor.ts';
import { fileTitlesIn, tsQueryOf } from '../assets/index.ts';
import { isReplacedVersion } from '../shares/index.ts';

export interface TranscriptSearch {
  projectId: string;
  /** the words typed: websearch syntax, the last word matched as a prefix (as the asset search) */
  q: string;
  /** next_cursor of the page before */
  cursor?: string;
  limit?: number;
}

/** Where a page ended: the last line's asset, start and id (the keyset order). */
type Position = [string, number, string];
const isPosition = (v: unknown[]): v is Position =>
  v.length === 3 && isCursorId(v[0]) && Number.isInteger(v[1]) && isCursorId(v[2]);

/**
 * Lines read in order before the search turns to the text index. PostgreSQL cannot estimate a
 * prefix query ('wid:*'), so one plan would either walk every line of the project for a rare word
 * or fetch and sort every line of a common one. Walking this many lines in order finds a page of a
 * common word at once; a word too rare to fill a page among them is looked up in the text index,
 * whose few hits are then sorted.
 */
const ORDERED_WINDOW = 2000;

type Hit = { id: string; assetId: string; startMs: number; endMs: number; text: string };
const l = transcriptLines;
const hitColumns = { id: l.id, assetId: l.assetId, startMs: l.startMs, endMs: l.endMs, text: l.text };

/**
 * The project's transcript lines that match `q`, a page at a time in (asset, start, id) order: a
 * clip's hits together and in the order they are said. The caller has checked the user may search
 * the project (transcripts.canSearchProject, or the AI tool's own check); only lines of that
 * project are read, and the titles come from the assets module for the assets still in it. Only the
 * current version of a stack is searched (what the assets list shows): an older take's transcript
 * stays readable in the player but is not what "find the take" should open.
 */
export async function searchTranscriptLines(
  db: DbOrTx,
  { projectId, q, cursor, limit = TRANSCRIPT_SEARCH_PAGE_SIZE }: TranscriptSearch,
): Promise<TranscriptSearchPage> {
  const after = decodeKeyset(cursor, isPosition);
  const inProject = and(
    eq(l.projectId, projectId),
    after
      ? sql`(${l.assetId}, ${l.startMs}, ${l.id}) > (${after[0]}::uuid, ${after[1]}, ${after[2]}::uuid)`
      : undefined,
  );
  const matches = sql`${l.searchVector} @@ ${tsQueryOf(q)}`;
  // The next lines in order (the project index), matched after the window is cut.
  const window = db
    .select({ ...hitColumns, searchVector: l.searchVector })
    .from(l)
    .where(inProject)
    .orderBy(asc(l.assetId), asc(l.startMs), asc(l.id))
    .limit(ORDERED_WINDOW)
    .as('w');
  let rows: Hit[] = await db
    .select({
      id: window.id,
      assetId: window.assetId,
      startMs: window.startMs,
      endMs: window.endMs,
      text: window.text,
    })
    .from(window)
    .where(and(sql`${window.searchVector} @@ ${tsQueryOf(q)}`, sql`not ${isReplacedVersion(window.assetId)}`))
    .orderBy(asc(window.assetId), asc(window.startMs), asc(window.id))
    .limit(limit + 1);
  if (rows.length <= limit) {
    // A rare word (or the project's last lines): every hit from the text index, then sorted.
    // Materialized, so the planner cannot fold it back into the ordered walk it would prefer.
    const found = await rowsOf<{
      id: string;
      asset_id: string;
      start_ms: number;
      end_ms: number;
      text: string;
    }>(
      db,
      sql`with found as materialized (
        select ${l.id}, ${l.assetId}, ${l.startMs}, ${l.endMs}, ${l.text} from ${l} where ${and(inProject, matches)}
      ) select * from found where not ${isReplacedVersion(sql`found.asset_id`)}
        order by asset_id, start_ms, id limit ${limit + 1}`,
    );
    rows = found.map((r) => ({
      id: r.id,
      assetId: r.asset_id,
      startMs: Number(r.start_ms),
      endMs: Number(r.end_ms),
      text: r.text,
    }));
  }
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const titles = await fileTitlesIn(db, projectId, [...new Set(page.map((r) => r.assetId))]);
  return {
    // a line whose asset left the project meanwhile is not shown (its title is not the project's)
    items: page.flatMap((r) => {
      const asset = titles.get(r.assetId);
      return asset
        ? [
            {
              ingest_db_id: r.assetId,
              title: asset.title,
              file_type: asset.fileType,
              text: r.text,
              start_ms: r.startMs,
              end_ms: r.endMs,
            },
          ]
        : [];
    }),
    next_cursor: rows.length > limit && last ? encodeKeyset([last.assetId, last.startMs, last.id]) : null,
  };
}
