import { and, asc, eq, sql } from 'drizzle-orm';
import { TRANSCRIPT_SEARCH_PAGE_SIZE, type TranscriptSearchPage } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { transcriptLines } from '../../db/schema/transcripts.ts';
import { decodeKeyset, encodeKeyset, isCursorId } from '../../platform/http/cursor.ts';
import { fileTitlesIn, tsQueryOf } from '../assets/index.ts';

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
 * The project's transcript lines that match `q`, a page at a time in (asset, start, id) order: a
 * clip's hits together and in the order they are said. The caller has checked the user may search
 * the project (transcripts.canSearchProject, or the AI tool's own check); only lines of that
 * project are read, and the titles come from the assets module for the assets still in it.
 */
export async function searchTranscriptLines(
  db: DbOrTx,
  { projectId, q, cursor, limit = TRANSCRIPT_SEARCH_PAGE_SIZE }: TranscriptSearch,
): Promise<TranscriptSearchPage> {
  const after = decodeKeyset(cursor, isPosition);
  const l = transcriptLines;
  const rows = await db
    .select({ id: l.id, assetId: l.assetId, startMs: l.startMs, endMs: l.endMs, text: l.text })
    .from(l)
    .where(
      and(
        eq(l.projectId, projectId),
        sql`${l.searchVector} @@ ${tsQueryOf(q)}`,
        after
          ? sql`(${l.assetId}, ${l.startMs}, ${l.id}) > (${after[0]}::uuid, ${after[1]}, ${after[2]}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(l.assetId), asc(l.startMs), asc(l.id))
    .limit(limit + 1);
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
