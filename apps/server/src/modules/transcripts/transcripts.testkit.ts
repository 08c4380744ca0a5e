import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { TRANSCRIPTS_API, type TranscriptAnswer } from '@rushes/shared';
import type { TestApp } from '../../../test/harness.ts';
import { hasEspeak, makeSpeechClip, type SpeechClip } from '../../../test/transcripts.standin.ts';
import { uploadFile, type Person } from '../uploads/uploads.testkit.ts';

/** Transcription tests' helpers: upload and run the pipeline, read the panel's answer, score words. */

/** espeak-ng speaks the test clips: missing on CI fails, elsewhere the tests skip with a notice. */
export async function speechAvailable(): Promise<boolean> {
  if (await hasEspeak()) return true;
  if (process.env.CI) throw new Error('espeak-ng is required on CI (installed by .ci/run)');
  console.warn('[transcripts] skipped: espeak-ng is not installed (apt-get install espeak-ng)');
  return false;
}

/** Due retries run now (the queue's backoff is seconds; the test does not wait for it). */
export const retriesDue = (t: TestApp) =>
  t.ctx.db.execute(sql`update jobs set run_at = now() where state = 'queued'`);

/** Uploads a file and runs every job it leads to (media pipeline, then transcription). */
export async function uploadAndRun(
  t: TestApp,
  who: Person,
  projectId: string,
  data: Buffer,
  filename: string,
): Promise<string> {
  const { done } = await uploadFile(t, who, projectId, data, { filename });
  await t.ctx.jobs.drainForTests();
  return done.ingest_db_id as string;
}

export async function uploadSpeech(t: TestApp, who: Person, projectId: string, clip: SpeechClip) {
  const name = clip.path.endsWith('.mp4') ? 'interview.mp4' : 'interview.wav';
  return uploadAndRun(t, who, projectId, await readFile(clip.path), name);
}

export async function transcriptOf(t: TestApp, who: Person, assetId: string): Promise<TranscriptAnswer> {
  const res = await t.call<TranscriptAnswer>('GET', TRANSCRIPTS_API.root, {
    query: { ingest_db_id: assetId },
    cookie: who.cookie,
  });
  if (!res.body.response) throw new Error(`transcript refused: ${res.body.errormessage}`);
  return res.body.data;
}

const norm = (w: string) => w.toLowerCase().replace(/[^\p{L}\p{N}']/gu, '');

/** Word error rate: word-level Levenshtein distance over the reference's length. */
export function wordErrorRate(reference: string[], heard: string[]): number {
  const a = reference.map(norm).filter(Boolean);
  const b = heard.map(norm).filter(Boolean);
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]! / Math.max(1, a.length);
}

export { makeSpeechClip };
