import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MSG,
  TRANSCRIPT_TEXT,
  TRANSCRIPTS_API,
  type TranscriptAnswer,
  type TranscriptSettings,
} from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { asset, type Person } from '../../../test/factories.ts';
import { transcriptUsage } from '../../db/schema/index.ts';
import { call, teamOfProject } from '../projects/projects.testkit.ts';
import { findTranscript } from './transcripts.store.ts';
import { spoken, transcribedClip, transcriptWorld } from './transcripts.routes.testkit.ts';

/**
 * The transcript routes as the panel calls them: reading, transcribing again, correcting a word
 * and the project's language, each refusing the wrong user. Transcripts are written through the
 * store (transcripts.routes.testkit.ts); the job itself is tested in transcripts.pipeline.test.ts.
 */

type Errors = { errors: Record<string, string> };
let t: TestApp;
let w: Awaited<ReturnType<typeof transcriptWorld>>;

beforeAll(async () => {
  // A service is named (never called: the queue does not run in these tests), so "Transcribe" is offered.
  t = await createTestApp({
    TRANSCRIBE_BASE_URL: 'http://127.0.0.1:9/v1',
    TRANSCRIBE_TEAM_MINUTES_PER_MONTH: '10',
  });
  w = await transcriptWorld(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const show = (who: Person, assetId: string) =>
  call<TranscriptAnswer>(t, 'GET', TRANSCRIPTS_API.root, who, { ingest_db_id: assetId });
const transcribe = (who: Person, assetId: string) =>
  call<{ message: string }>(t, 'POST', TRANSCRIPTS_API.root, who, { ingest_db_id: assetId });
const correct = (who: Person, body: Record<string, unknown>) =>
  call<TranscriptAnswer & Errors>(t, 'PUT', TRANSCRIPTS_API.word, who, body);

describe('GET /api/transcripts', () => {
  it('answers the words and lines of a transcribed clip to every member, edit rights as the member has them', async () => {
    const clip = await transcribedClip(t, w.projectId, spoken('Roll camera. Wide shot please.'));
    const asViewer = await show(w.viewer, clip.id);
    expect(asViewer.status).toBe(200);
    expect(asViewer.body).toMatchObject({ response: true, errormessage: '' });
    expect(asViewer.body.data).toMatchObject({
      ingest_db_id: clip.id,
      status: 'done',
      language: 'en',
      configured: true,
      can_edit: false,
    });
    expect(asViewer.body.data.words.map((x) => x.w).join(' ')).toBe('Roll camera. Wide shot please.');
    expect(asViewer.body.data.lines).toEqual([
      { position: 0, first_word: 0, last_word: 1, start_ms: 1000, end_ms: 1750, text: 'Roll camera.' },
      { position: 1, first_word: 2, last_word: 4, start_ms: 1800, end_ms: 2950, text: 'Wide shot please.' },
    ]);
    expect((await show(w.editor, clip.id)).body.data.can_edit).toBe(true);
    expect((await show(w.owner, clip.id)).body.data.can_edit).toBe(true);
  });

  it('answers no status and no words for a clip never transcribed', async () => {
    const clip = await asset(t, w.projectId);
    const res = await show(w.owner, clip.id);
    expect(res.body.data).toMatchObject({ status: null, words: [], lines: [], updated_at: null });
  });

  it("refuses another team's member and unknown ids alike, and validates the id", async () => {
    const clip = await transcribedClip(t, w.projectId, spoken('Secret words.'));
    const foreign = await show(w.stranger, clip.id);
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ response: false, errormessage: MSG.assetNotFound });
    expect(JSON.stringify(foreign.body)).not.toContain('Secret');
    const unknown = await show(w.stranger, '00000000-0000-4000-8000-000000000000');
    expect(unknown.body).toMatchObject({ response: false, errormessage: MSG.assetNotFound });
    const bad = await call(t, 'GET', TRANSCRIPTS_API.root, w.owner, { ingest_db_id: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.response).toBe(false);
  });
});

describe('POST /api/transcripts (transcribe again)', () => {
  it('queues the clip at once for an editor; a second ask while it waits is refused', async () => {
    const clip = await transcribedClip(t, w.projectId, spoken('First take.'));
    const res = await transcribe(w.editor, clip.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ response: true, data: { message: TRANSCRIPT_TEXT.transcribeStarted } });
    // the panel shows "Waiting…" with the old words until the new ones replace them
    const panel = (await show(w.viewer, clip.id)).body.data;
    expect(panel.status).toBe('queued');
    expect(panel.words.map((x) => x.w)).toEqual(['First', 'take.']);
    const again = await transcribe(w.owner, clip.id);
    expect(again.status).toBe(409);
    expect(again.body.errormessage).toBe(TRANSCRIPT_TEXT.busy);
    // nor is a word corrected that the new words would replace
    const word = await correct(w.editor, { ingest_db_id: clip.id, word_index: 0, text: 'Second' });
    expect(word.status).toBe(409);
    expect(word.body.errormessage).toBe(TRANSCRIPT_TEXT.busy);
  });

  it('refuses a viewer and a stranger, and files that are not video or audio', async () => {
    const clip = await asset(t, w.projectId);
    const viewer = await transcribe(w.viewer, clip.id);
    expect(viewer.status).toBe(403);
    expect(viewer.body.errormessage).toBe(MSG.forbidden);
    const stranger = await transcribe(w.stranger, clip.id);
    expect(stranger.status).toBe(403);
    expect(stranger.body.errormessage).toBe(MSG.assetNotFound);
    expect(await findTranscript(t.ctx.db, clip.id)).toBeNull();

    const still = await asset(t, w.projectId, { title: 'still.jpg' });
    // an image (the factory makes videos)
    await t.ctx.db.execute(sql`update assets set file_type = 'image' where id = ${still.id}`);
    const image = await transcribe(w.owner, still.id);
    expect(image.status).toBe(400);
    expect(image.body.errormessage).toBe(TRANSCRIPT_TEXT.notTranscribable);
  });

  it("answers upgrade_required once the team's monthly minutes are used", async () => {
    const clip = await asset(t, w.otherProjectId);
    const teamId = await teamOfProject(t, w.otherProjectId);
    await t.ctx.db
      .insert(transcriptUsage)
      .values({ teamId, assetId: null, seconds: 10 * 60, engine: 'stand-in' });
    const res = await transcribe(w.stranger, clip.id);
    expect(res.status).toBe(403);
    expect(res.body.errormessage).toBe(TRANSCRIPT_TEXT.status.limit);
    expect(res.body.data).toMatchObject({ upgrade_required: { message: TRANSCRIPT_TEXT.status.limit } });
    expect(await findTranscript(t.ctx.db, clip.id)).toBeNull();
  });

  it('says transcription is not set up on a server without a speech service', async () => {
    const bare = await createTestApp();
    try {
      const world = await transcriptWorld(bare);
      const clip = await asset(bare, world.projectId);
      const res = await call(bare, 'POST', TRANSCRIPTS_API.root, world.owner, { ingest_db_id: clip.id });
      expect(res.status).toBe(400);
      expect(res.body.errormessage).toBe(TRANSCRIPT_TEXT.status.not_set_up);
      const panel = await call<TranscriptAnswer>(bare, 'GET', TRANSCRIPTS_API.root, world.owner, {
        ingest_db_id: clip.id,
      });
      expect(panel.body.data.configured).toBe(false);
    } finally {
      await bare.close();
    }
  }, 60_000);
});

describe('PUT /api/transcripts/word', () => {
  it('keeps a correction and answers the transcript with its line rewritten', async () => {
    const clip = await transcribedClip(t, w.projectId, spoken('Cut to the wide shop.'));
    const res = await correct(w.editor, { ingest_db_id: clip.id, word_index: 4, text: ' shot. ' });
    expect(res.status).toBe(200);
    expect(res.body.data.words[4]).toEqual({ w: 'shot.', s: 2600, e: 2950 });
    expect(res.body.data.lines.map((l) => l.text)).toEqual(['Cut to the wide shot.']);
    // kept: another reader sees it
    expect((await show(w.viewer, clip.id)).body.data.lines[0]!.text).toBe('Cut to the wide shot.');
  });

  it('validates the word with the shared texts', async () => {
    const clip = await transcribedClip(t, w.projectId, spoken('One two.'));
    const cases: [Record<string, unknown>, string, string][] = [
      [{ word_index: 0, text: '   ' }, 'text', TRANSCRIPT_TEXT.wordRequired],
      [{ word_index: 0, text: 'x'.repeat(101) }, 'text', TRANSCRIPT_TEXT.wordTooLong],
      [{ word_index: -1, text: 'a' }, 'word_index', TRANSCRIPT_TEXT.wordOutOfRange],
      [{ word_index: 2, text: 'a' }, 'word_index', TRANSCRIPT_TEXT.wordOutOfRange],
    ];
    for (const [body, field, message] of cases) {
      const res = await correct(w.owner, { ingest_db_id: clip.id, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errormessage).toBe(message);
      expect(res.body.data.errors[field]).toBe(message);
    }
    expect((await show(w.owner, clip.id)).body.data.words.map((x) => x.w)).toEqual(['One', 'two.']);
  });

  it('refuses a viewer and a stranger; a clip without words answers not found', async () => {
    const clip = await transcribedClip(t, w.projectId, spoken('Keep me.'));
    for (const who of [w.viewer, w.stranger]) {
      const res = await correct(who, { ingest_db_id: clip.id, word_index: 0, text: 'Changed' });
      expect(res.status).toBe(403);
    }
    expect((await show(w.owner, clip.id)).body.data.words[0]!.w).toBe('Keep');
    const bare = await asset(t, w.projectId);
    const none = await correct(w.owner, { ingest_db_id: bare.id, word_index: 0, text: 'a' });
    expect(none.status).toBe(404);
    expect(none.body.errormessage).toBe(TRANSCRIPT_TEXT.notFound);
  });
});

describe('GET/PUT /api/transcripts/settings', () => {
  const settings = (who: Person, projectId = w.projectId) =>
    call<TranscriptSettings>(t, 'GET', TRANSCRIPTS_API.settings, who, { project_db_id: projectId });
  const save = (who: Person, language: unknown, projectId = w.projectId) =>
    call<TranscriptSettings & Errors>(t, 'PUT', TRANSCRIPTS_API.settings, who, {
      project_db_id: projectId,
      language,
    });

  it("detects the language until the project's manager chooses one; members read it", async () => {
    expect((await settings(w.viewer)).body.data).toEqual({ language: 'auto', can_edit: false });
    const saved = await save(w.owner, 'fr');
    expect(saved.body).toMatchObject({ response: true, data: { language: 'fr', can_edit: true } });
    expect((await settings(w.viewer)).body.data.language).toBe('fr');
    expect((await settings(w.owner)).body.data.can_edit).toBe(true);
  });

  it('refuses members without the manage code and strangers; an unknown language is named', async () => {
    for (const who of [w.editor, w.viewer, w.stranger]) expect((await save(who, 'de')).status).toBe(403);
    expect((await settings(w.stranger)).status).toBe(403);
    const bad = await save(w.owner, 'klingon');
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors.language).toBe(TRANSCRIPT_TEXT.unknownLanguage);
    expect((await settings(w.owner)).body.data.language).toBe('fr');
  });
});
