import { z } from 'zod';
import type { AiSource } from '@rushes/shared';
import type { Db } from '../../db/client.ts';
import { searchTranscriptLines } from '../transcripts/index.ts';
import type { ChatTool } from './ai.upstream.ts';

/**
 * The assistant's tool over what is said in the footage: the project's transcript lines matching
 * words, through the transcripts module's own search (the same as the project search's "In the
 * footage"), so "where does the director say 'wide shot'?" answers clips and moments. The caller's
 * membership is checked by the tools' runner before this runs (authorizeProject), as for every tool.
 */

/** Hits handed to the model: a few pages of the search, enough to name every take of a phrase. */
const HIT_LIMIT = 40;
const PAGE = 20;

export const SEARCH_TRANSCRIPTS: ChatTool = {
  type: 'function',
  function: {
    name: 'search_transcripts',
    description:
      "What is said in the project's clips (their transcripts): the lines containing the words, each with the clip's name, the time it is said (HH:MM:SS from the clip's start) and a link that opens the player at that moment. Use it for questions about spoken words, dialogue or who says what.",
    parameters: {
      type: 'object',
      properties: {
        project_db_id: {
          type: 'string',
          description: 'The project to look in; leave it out for the project the user is looking at.',
        },
        text: {
          type: 'string',
          description: 'The spoken words to find (a phrase in double quotes matches it exactly).',
        },
      },
      required: ['text'],
    },
  },
};

export const searchTranscriptsArgs = z.object({
  project_db_id: z.uuid().optional().catch(undefined),
  text: z.string().trim().max(200).catch(''),
});
export type SearchTranscriptsArgs = z.infer<typeof searchTranscriptsArgs>;

/** HH:MM:SS of a moment in a clip (whole seconds: where the line starts, as the player's seek lands). */
export function clockOf(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
}

/** The in-product player at a moment (spec 002 §2's /player/{id}; `t` is milliseconds). */
export const momentPath = (assetId: string, ms: number) =>
  `/player/${encodeURIComponent(assetId)}?t=${Math.max(0, Math.round(ms))}`;

export async function searchTranscripts(db: Db, projectId: string, a: SearchTranscriptsArgs) {
  if (!a.text) {
    return {
      content: JSON.stringify({ project_db_id: projectId, found: true, hits: [], note: 'no words given' }),
      sources: [] as AiSource[],
    };
  }
  const hits = [];
  let cursor: string | undefined;
  do {
    const page = await searchTranscriptLines(db, { projectId, q: a.text, cursor, limit: PAGE });
    hits.push(...page.items);
    cursor = page.next_cursor ?? undefined;
  } while (cursor && hits.length < HIT_LIMIT);
  const kept = hits.slice(0, HIT_LIMIT);
  return {
    content: JSON.stringify({
      project_db_id: projectId,
      found: true,
      more: Boolean(cursor) || hits.length > HIT_LIMIT,
      hits: kept.map((h) => ({
        ingest_db_id: h.ingest_db_id,
        asset: h.title,
        line: h.text,
        timecode: clockOf(h.start_ms),
        link: momentPath(h.ingest_db_id, h.start_ms),
      })),
    }),
    sources: kept.map((h): AiSource => ({
      kind: 'asset',
      id: h.ingest_db_id,
      title: h.title,
      project_db_id: projectId,
      is_folder: false,
      start_ms: h.start_ms,
    })),
  };
}
