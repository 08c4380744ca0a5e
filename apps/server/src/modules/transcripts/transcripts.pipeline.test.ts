// system programs: ffmpeg, espeak-ng
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, TRANSCRIPTS_API } from '@rushes/shared';
import { jobs } from '../../db/schema/platform.ts';
import { transcripts, transcriptUsage } from '../../db/schema/transcripts.ts';
import { createTestApp, settled, type TestApp } from '../../../test/harness.ts';
import { closeAllSockets, connect, join, listen, record } from '../../../test/realtime-helpers.ts';
import { startTranscribeStandIn, type TranscribeStandIn } from '../../../test/transcripts.standin.ts';
import { changingClip, pngImage, sineWav } from '../media/media.testkit.ts';
import { studio, teamOfProject } from '../projects/projects.testkit.ts';
import { call, TEST_PART_SIZE, type Person } from '../uploads/uploads.testkit.ts';
import {
  makeSpeechClip,
  retriesDue,
  speechAvailable,
  transcriptOf,
  uploadAndRun,
  uploadSpeech,
  wordErrorRate,
} from './transcripts.testkit.ts';

/**
 * Speech to text through the real job: clips spoken by espeak-ng at known times are uploaded, the
 * media pipeline finishes, the transcript is made by the stand-in service from the audio the server
 * sends it (in 10 s pieces here, so each piece's offset shows in the times).
 */
const SCRIPT =
  'the director wants a wide shot of the harbour before sunset while seven sailors carry heavy barrels across the wooden pier toward the lighthouse'.split(
    ' ',
  );
const API_KEY = 'sk-test-3f9a7c1e5b2d4680-never-shown';

const speaks = await speechAvailable();
let t: TestApp;
let standIn: TranscribeStandIn;
let dir: string;
let owner: Person;
let projectId: string;
const logs: string[] = [];

beforeAll(async () => {
  if (!speaks) return;
  dir = await mkdtemp(path.join(os.tmpdir(), 'rushes-transcripts-test-'));
  standIn = await startTranscribeStandIn({ apiKey: API_KEY });
  t = await createTestApp(
    {
      UPLOAD_PART_SIZE: String(TEST_PART_SIZE),
      RATE_LIMIT: 'false',
      LOG_LEVEL: 'debug',
      LOG_FORMAT: 'json',
      TRANSCRIBE_BASE_URL: standIn.url,
      TRANSCRIBE_API_KEY: API_KEY,
      TRANSCRIBE_CHUNK_SECONDS: '10',
      OUTBOUND_TRUSTED_HOSTS: '127.0.0.1',
    },
    { logStream: { write: (line) => void logs.push(line) } },
  );
  ({ owner, projectId } = await studio(t));
}, 60_000);
afterAll(async () => {
  closeAllSockets();
  await t?.close();
  await standIn?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.skipIf(!speaks)('transcription through the job (stand-in service)', () => {
  it('transcribes a spoken clip: the words and where each is said, in 10 s pieces; usage recorded', async () => {
    const clip = await makeSpeechClip({ words: SCRIPT, dir, video: true, keepWholeEveryMs: 10_000 });
    expect(clip.durationMs).toBeGreaterThan(20_000); // three pieces at least
    standIn.setScript(SCRIPT);
    const before = standIn.requests.length;
    const assetId = await uploadSpeech(t, owner, projectId, clip);

    const answer = await transcriptOf(t, owner, assetId);
    expect(answer.status).toBe('done');
    expect(answer.language).toBe('en');
    const heard = answer.words.map((w) => w.w);
    expect(wordErrorRate(SCRIPT, heard)).toBeLessThanOrEqual(0.15);
    expect(heard).toHaveLength(clip.placed.length);
    clip.placed.forEach((p, i) => {
      expect(answer.words[i]!.w).toBe(p.word);
      expect(Math.abs(answer.words[i]!.s - p.startMs)).toBeLessThanOrEqual(500);
    });
    // the lines are the words, in order, with the times of their first word
    expect(answer.lines.map((l) => l.text).join(' ')).toBe(heard.join(' '));
    expect(answer.lines[1]!.start_ms).toBe(answer.words[answer.lines[1]!.first_word]!.s);

    const sent = standIn.requests.slice(before);
    expect(sent.length).toBe(Math.ceil(clip.durationMs / 10_000));
    for (const r of sent) {
      expect(r.durationS).toBeLessThanOrEqual(10.2);
      expect(r.model).toBe('whisper-1');
      expect(r.responseFormat).toBe('verbose_json');
      expect(r.granularities).toEqual(['word', 'segment']);
      expect(r.language).toBeNull(); // 'auto': the service detects it
      expect(r.authorization).toBe(`Bearer ${API_KEY}`);
    }
    const usage = await t.ctx.db.select().from(transcriptUsage).where(eq(transcriptUsage.assetId, assetId));
    expect(usage.map((u) => u.seconds)).toEqual([Math.ceil(clip.durationMs / 1000)]);
    expect(usage[0]!.teamId).toBe(await teamOfProject(t, projectId));
  }, 120_000);

  it('a clip without sound is no_audio (no error, nothing sent); an image is never queued', async () => {
    const before = standIn.requests.length;
    const silent = await uploadAndRun(t, owner, projectId, await changingClip(dir, 2), 'silent.mp4');
    const answer = await transcriptOf(t, owner, silent);
    expect(answer.status).toBe('no_audio');
    expect(answer.words).toEqual([]);
    const [row] = await t.ctx.db.select().from(transcripts).where(eq(transcripts.assetId, silent));
    expect(row!.error).toBeNull();

    const image = await uploadAndRun(t, owner, projectId, await pngImage(), 'still.png');
    expect((await transcriptOf(t, owner, image)).status).toBeNull();
    const queued = await t.ctx.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, 'transcripts.transcribe')));
    expect(queued.map((j) => (j.data as { assetId: string }).assetId)).not.toContain(image);
    // not even a job to look: the status event says it is an image
    const looks = await t.ctx.db.select().from(jobs).where(eq(jobs.name, 'events.deliver'));
    const lookedAt = looks
      .map((j) => j.data as { subscriber: string; payload: { assetId: string } })
      .filter((d) => d.subscriber === 'transcripts.queue_on_ready')
      .map((d) => d.payload.assetId);
    expect(lookedAt).toContain(silent);
    expect(lookedAt).not.toContain(image);
    expect(standIn.requests.length).toBe(before);
  }, 60_000);

  it('a new version gets its own transcript; the old version keeps its own', async () => {
    const first = ['first', 'take', 'looks', 'great'];
    const second = ['second', 'take', 'sounds', 'better', 'today'];
    standIn.setScript(first);
    const v1 = await uploadSpeech(t, owner, projectId, await makeSpeechClip({ words: first, dir }));
    standIn.setScript(second);
    const v2 = await uploadSpeech(t, owner, projectId, await makeSpeechClip({ words: second, dir }));
    const stacked = await call(t, 'POST', API.shares.versions, owner, {
      ingest_db_id: v1,
      version_ingest_db_id: v2,
    });
    expect(stacked.body.response).toBe(true);
    await t.ctx.jobs.drainForTests();

    expect((await transcriptOf(t, owner, v1)).words.map((w) => w.w)).toEqual(first);
    expect((await transcriptOf(t, owner, v2)).words.map((w) => w.w)).toEqual(second);

    // the new version transcribed again (another hearing): the old version's words stay as they were
    const again = ['second', 'take', 'sounds', 'much', 'better'];
    standIn.setScript(again);
    const res = await call(t, 'POST', TRANSCRIPTS_API.root, owner, { ingest_db_id: v2 });
    expect(res.status).toBe(200);
    await t.ctx.jobs.drainForTests();
    expect((await transcriptOf(t, owner, v2)).words.map((w) => w.w)).toEqual(again);
    expect((await transcriptOf(t, owner, v1)).words.map((w) => w.w)).toEqual(first);
  }, 60_000);

  it('a 500 from the service is retried, then the transcript is made', async () => {
    standIn.setScript(['one', 'retry']);
    standIn.failNext(1);
    const before = standIn.requests.length;
    const clip = await makeSpeechClip({ words: ['one', 'retry'], dir });
    const assetId = await uploadSpeech(t, owner, projectId, clip);
    expect((await transcriptOf(t, owner, assetId)).status).toBe('running');
    expect(standIn.requests.slice(before).map((r) => r.status)).toEqual([500]);

    await retriesDue(t);
    await t.ctx.jobs.drainForTests();
    const answer = await transcriptOf(t, owner, assetId);
    expect(answer.status).toBe('done');
    expect(answer.words.map((w) => w.w)).toEqual(['one', 'retry']);
    expect(standIn.requests.slice(before).map((r) => r.status)).toEqual([500, 200]);
  }, 60_000);

  it('the key is never logged nor stored, even when the service repeats it in its error', async () => {
    standIn.failNext(1, 401);
    const assetId = await uploadAndRun(t, owner, projectId, await sineWav(dir, 2), 'tone.wav');
    const [row] = await t.ctx.db.select().from(transcripts).where(eq(transcripts.assetId, assetId));
    // a refused key is not retried: it will not pass later
    expect(row!.status).toBe('failed');
    expect(row!.error).toBe('the service answered 401');
    expect(standIn.requests.at(-1)!.status).toBe(401);
    expect(logs.some((l) => l.includes('transcription failed'))).toBe(true);
    expect(logs.join('\n')).not.toContain(API_KEY);
    const stored = await t.ctx.db.select().from(transcripts);
    expect(JSON.stringify(stored)).not.toContain(API_KEY);
  }, 60_000);

  it('the project room hears each status, so an open panel refetches', async () => {
    const socket = await connect(await listen(t), { cookie: owner.cookie });
    expect((await join(socket, `project:${projectId}`)).ok).toBe(true);
    const heard = record(socket, 'transcript_status');
    standIn.setScript(['tone']);
    const assetId = await uploadAndRun(t, owner, projectId, await sineWav(dir, 2), 'tone.wav');
    await settled();
    await expect.poll(() => heard.map((h) => h.status)).toEqual(['queued', 'running', 'done']);
    expect(heard[2]).toEqual({ project_db_id: projectId, ingest_db_id: assetId, status: 'done' });
  }, 60_000);

  it("a team past its monthly minutes gets 'limit' and nothing is sent", async () => {
    const other = await studio(t);
    const teamId = await teamOfProject(t, other.projectId);
    await t.ctx.db.insert(transcriptUsage).values({ teamId, seconds: 600 * 60, engine: 'whisper-1' });
    const before = standIn.requests.length;
    const assetId = await uploadAndRun(t, other.owner, other.projectId, await sineWav(dir, 2), 'tone.wav');
    expect((await transcriptOf(t, other.owner, assetId)).status).toBe('limit');
    expect(standIn.requests.length).toBe(before);
  }, 60_000);

  it('a server without a speech service: not_set_up, nothing sent', async () => {
    const bare = await createTestApp({ UPLOAD_PART_SIZE: String(TEST_PART_SIZE), RATE_LIMIT: 'false' });
    try {
      const w = await studio(bare);
      const before = standIn.requests.length;
      const assetId = await uploadAndRun(bare, w.owner, w.projectId, await sineWav(dir, 2), 'tone.wav');
      const answer = await transcriptOf(bare, w.owner, assetId);
      expect(answer.status).toBe('not_set_up');
      expect(answer.configured).toBe(false);
      expect(standIn.requests.length).toBe(before);
    } finally {
      await bare.close();
    }
  }, 60_000);
});
