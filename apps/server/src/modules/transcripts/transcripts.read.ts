import type { TranscriptAnswer } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { iso } from '../../db/rows.ts';
import { canEditTranscript, type TranscriptAssetAccess } from './transcripts.policy.ts';
import { findTranscript } from './transcripts.store.ts';

type Found = NonNullable<Awaited<ReturnType<typeof findTranscript>>>;

/**
 * One asset's transcript as the panel reads it: its status, words and lines; an asset never
 * transcribed answers status null and no words. `configured` tells the panel whether "Transcribe"
 * can do anything on this server; `can_edit` whether the caller may correct and transcribe again.
 */
export function presentTranscript(
  assetId: string,
  found: Found | null,
  canEdit: boolean,
  configured: boolean,
): TranscriptAnswer {
  const t = found?.transcript ?? null;
  return {
    ingest_db_id: assetId,
    status: t?.status ?? null,
    language: t?.language ?? null,
    engine: t?.engine ?? null,
    duration_ms: t?.durationMs ?? null,
    words: t?.words ?? [],
    lines: (found?.lines ?? []).map((l) => ({
      position: l.position,
      first_word: l.firstWord,
      last_word: l.lastWord,
      start_ms: l.startMs,
      end_ms: l.endMs,
      text: l.text,
    })),
    configured,
    can_edit: canEdit,
    updated_at: t ? iso(t.updatedAt) : null,
  };
}

/** The transcript of the asset the route's policy loaded. */
export async function readTranscript(
  db: DbOrTx,
  access: TranscriptAssetAccess,
  configured: boolean,
): Promise<TranscriptAnswer> {
  const found = await findTranscript(db, access.asset.id);
  return presentTranscript(access.asset.id, found, canEditTranscript(access), configured);
}
