import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { TranscriptLanguage, TranscriptStatus } from '@rushes/shared';
import type { DbOrTx, Tx } from '../../db/client.ts';
import {
  projectTranscriptSettings,
  transcriptCorrections,
  transcriptLines,
  transcripts,
  transcriptUsage,
  type TranscriptWord,
} from '../../db/schema/transcripts.ts';
import { linesOf } from './transcripts.lines.ts';

/**
 * The transcript tables' reads and writes (this module owns them). Words and their lines are always
 * rewritten together, in one transaction, so the panel, the captions and the search never disagree.
 */

export type TranscriptRow = typeof transcripts.$inferSelect;
export type TranscriptLineRow = Omit<typeof transcriptLines.$inferSelect, 'searchVector'>;
export interface FoundTranscript {
  transcript: TranscriptRow;
  lines: TranscriptLineRow[];
}

const lineColumns = {
  id: transcriptLines.id,
  transcriptId: transcriptLines.transcriptId,
  assetId: transcriptLines.assetId,
  projectId: transcriptLines.projectId,
  position: transcriptLines.position,
  firstWord: transcriptLines.firstWord,
  lastWord: transcriptLines.lastWord,
  startMs: transcriptLines.startMs,
  endMs: transcriptLines.endMs,
  text: transcriptLines.text,
};

/** The asset's transcript and its lines in order; null when none was ever queued. */
export async function findTranscript(db: DbOrTx, assetId: string): Promise<FoundTranscript | null> {
  const [row] = await db.select().from(transcripts).where(eq(transcripts.assetId, assetId)).limit(1);
  if (!row) return null;
  const lines = await db
    .select(lineColumns)
    .from(transcriptLines)
    .where(eq(transcriptLines.transcriptId, row.id))
    .orderBy(asc(transcriptLines.position));
  return { transcript: row, lines };
}

/**
 * Marks the asset's transcript queued (creating it); the words of an earlier run stay until new ones
 * replace them, so the panel keeps showing them while the clip is transcribed again.
 */
export async function queueTranscript(
  tx: DbOrTx,
  a: { assetId: string; projectId: string; teamId: string | null },
): Promise<void> {
  await tx
    .insert(transcripts)
    .values({ assetId: a.assetId, projectId: a.projectId, teamId: a.teamId, status: 'queued' })
    .onConflictDoUpdate({
      target: transcripts.assetId,
      set: { status: 'queued', error: null, teamId: a.teamId, updatedAt: sql`now()` },
    });
}

/** Sets the status (and the short error of a failure); false when the transcript is gone. */
export async function setStatus(
  db: DbOrTx,
  assetId: string,
  status: TranscriptStatus,
  error: string | null = null,
): Promise<boolean> {
  const rows = await db
    .update(transcripts)
    .set({ status, error, updatedAt: sql`now()` })
    .where(eq(transcripts.assetId, assetId))
    .returning({ id: transcripts.id });
  return rows.length > 0;
}

async function writeLines(
  tx: Tx,
  row: Pick<TranscriptRow, 'id' | 'assetId' | 'projectId'>,
  words: TranscriptWord[],
) {
  await tx.delete(transcriptLines).where(eq(transcriptLines.transcriptId, row.id));
  const lines = linesOf(words);
  // Batches keep each statement's parameters well under PostgreSQL's limit on a long recording.
  for (let i = 0; i < lines.length; i += 500) {
    await tx.insert(transcriptLines).values(
      lines.slice(i, i + 500).map((l) => ({
        transcriptId: row.id,
        assetId: row.assetId,
        projectId: row.projectId,
        position: l.position,
        firstWord: l.firstWord,
        lastWord: l.lastWord,
        startMs: l.startMs,
        endMs: l.endMs,
        text: l.text,
      })),
    );
  }
}

export interface Recognised {
  /** ISO 639-1, or null when the service did not say */
  language: string | null;
  engine: string;
  durationMs: number;
  words: TranscriptWord[];
  /** seconds of audio the service was paid for: recorded against the team with the words */
  usageSeconds?: number;
}

/**
 * Stores what was recognised: words and lines replaced, status done, and the team's usage, in one
 * transaction (minutes are counted exactly when the words exist). False when the transcript (the
 * asset) was deleted meanwhile.
 */
export async function saveTranscript(db: DbOrTx, assetId: string, r: Recognised): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(transcripts)
      .set({
        status: 'done',
        error: null,
        language: r.language,
        engine: r.engine,
        durationMs: r.durationMs,
        words: r.words,
        updatedAt: sql`now()`,
      })
      .where(eq(transcripts.assetId, assetId))
      .returning();
    if (!row) return false;
    await writeLines(tx, row, r.words);
    if (r.usageSeconds && row.teamId) {
      await tx.insert(transcriptUsage).values({
        teamId: row.teamId,
        assetId,
        seconds: Math.ceil(r.usageSeconds),
        engine: r.engine,
      });
    }
    return true;
  });
}

/**
 * Replaces one word's text (its times stay), keeps the correction, rewrites the lines; answers the
 * transcript as it now is, or null when there is none or no such word. The row is locked so two
 * corrections of one transcript do not interleave.
 */
export async function applyCorrection(
  db: DbOrTx,
  c: { assetId: string; wordIndex: number; text: string; userId: string | null },
): Promise<FoundTranscript | null> {
  const found = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(transcripts)
      .where(eq(transcripts.assetId, c.assetId))
      .for('update')
      .limit(1);
    const word = row?.words[c.wordIndex];
    if (!row || !word) return false;
    const text = c.text.trim();
    const words = row.words.map((w, i) => (i === c.wordIndex ? { ...w, w: text } : w));
    await tx
      .update(transcripts)
      .set({ words, updatedAt: sql`now()` })
      .where(eq(transcripts.id, row.id));
    await tx.insert(transcriptCorrections).values({
      transcriptId: row.id,
      wordIndex: c.wordIndex,
      original: word.w,
      corrected: text,
      userId: c.userId,
    });
    await writeLines(tx, row, words);
    return true;
  });
  return found ? findTranscript(db, c.assetId) : null;
}

/** The project's transcription language: 'auto' (the service detects it) unless one was chosen. */
export async function languageOf(db: DbOrTx, projectId: string): Promise<TranscriptLanguage> {
  const [row] = await db
    .select({ language: projectTranscriptSettings.language })
    .from(projectTranscriptSettings)
    .where(eq(projectTranscriptSettings.projectId, projectId))
    .limit(1);
  return (row?.language as TranscriptLanguage | undefined) ?? 'auto';
}

export async function saveLanguage(
  db: DbOrTx,
  projectId: string,
  language: TranscriptLanguage,
  userId: string | null,
): Promise<void> {
  await db
    .insert(projectTranscriptSettings)
    .values({ projectId, language, updatedBy: userId })
    .onConflictDoUpdate({
      target: projectTranscriptSettings.projectId,
      set: { language, updatedBy: userId, updatedAt: sql`now()` },
    });
}

/** The team's allowance is counted over the last 30 days (docs/decisions/0036-transcripts.md). */
const USAGE_WINDOW_MS = 30 * 24 * 3600 * 1000;

/**
 * Whether the team has used up `allowance` minutes of transcription in the last 30 days (0: no
 * limit). Checked before sending, so one long clip may overshoot by its own length.
 */
export async function allowanceUsedUp(db: DbOrTx, teamId: string, allowance: number): Promise<boolean> {
  if (allowance <= 0) return false;
  const since = new Date(Date.now() - USAGE_WINDOW_MS);
  const [row] = await db
    .select({ seconds: sql<string | number | null>`sum(${transcriptUsage.seconds})` })
    .from(transcriptUsage)
    .where(and(eq(transcriptUsage.teamId, teamId), gte(transcriptUsage.createdAt, since)));
  return Number(row?.seconds ?? 0) / 60 >= allowance;
}

/** The transcripts of assets moved to another project follow them (the search is per project). */
export async function moveTranscripts(tx: Tx, assetIds: string[], projectId: string): Promise<void> {
  if (assetIds.length === 0) return;
  await tx.update(transcripts).set({ projectId }).where(inArray(transcripts.assetId, assetIds));
  await tx.update(transcriptLines).set({ projectId }).where(inArray(transcriptLines.assetId, assetIds));
}
