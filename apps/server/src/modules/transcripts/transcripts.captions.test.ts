import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, TRANSCRIPT_TEXT, TRANSCRIPTS_API, type ReviewTranscriptAnswer } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { asset } from '../../../test/factories.ts';
import { call } from '../projects/projects.testkit.ts';
import { makeLink } from '../shares/reviewLinks.testkit.ts';
import { captionTime } from './transcripts.captions.ts';
import {
  parseSrt,
  parseVtt,
  rawGet,
  spoken,
  transcribedClip,
  transcriptWorld,
} from './transcripts.routes.testkit.ts';

/**
 * Captions as the player's CC track and the downloads: read back by parsers from the npm registry
 * (webvtt-parser, the W3C validator's; srt-parser-2), so the files are what players and editing
 * software read, with a cue per transcript line at its times.
 */

let t: TestApp;
let w: Awaited<ReturnType<typeof transcriptWorld>>;

beforeAll(async () => {
  t = await createTestApp();
  w = await transcriptWorld(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const SPEECH = 'Roll camera. Wide shot please.';
const CUES = [
  { startMs: 1000, endMs: 1750, text: 'Roll camera.' },
  { startMs: 1800, endMs: 2950, text: 'Wide shot please.' },
];

const captions = (who: (typeof w)['owner'], q: Record<string, string>) =>
  rawGet(t, TRANSCRIPTS_API.captions, q, who);

describe('caption times', () => {
  it('are HH:MM:SS.mmm in WebVTT and HH:MM:SS,mmm in SRT', () => {
    expect(captionTime(0, 'vtt')).toBe('00:00:00.000');
    expect(captionTime(3_723_004, 'vtt')).toBe('01:02:03.004');
    expect(captionTime(3_723_004, 'srt')).toBe('01:02:03,004');
    expect(captionTime(100 * 3_600_000 + 5, 'srt')).toBe('100:00:00,005');
  });
});

describe('GET /api/transcripts/captions', () => {
  it('serves WebVTT with a cue per line at its times, shown in the player (not a download)', async () => {
    const clip = await transcribedClip(t, w.projectId, spoken(SPEECH), 'Interview A.mp4');
    const res = await captions(w.viewer, { ingest_db_id: clip.id });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(res.headers['content-disposition']).toBeUndefined();
    const parsed = parseVtt(res.text);
    expect(parsed.errors).toEqual([]);
    expect(parsed.cues).toEqual(CUES);
  });

  it('downloads SRT named after the asset', async () => {
    const clip = await transcribedClip(t, w.projectId, spoken(SPEECH), 'Interview B.mov');
    const res = await captions(w.viewer, { ingest_db_id: clip.id, format: 'srt', download: '1' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-subrip; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Interview B\.srt"/);
    expect(parseSrt(res.text)).toEqual(CUES);
    const vtt = await captions(w.viewer, { ingest_db_id: clip.id, format: 'vtt', download: '1' });
    expect(vtt.headers['content-disposition']).toMatch(/filename="Interview B\.vtt"/);
  });

  it('keeps markup-like words as text, and follows a corrected word', async () => {
    const clip = await transcribedClip(t, w.projectId, spoken('Salt & <pepper> --> now.'));
    const first = parseVtt((await captions(w.owner, { ingest_db_id: clip.id })).text);
    expect(first.errors).toEqual([]);
    expect(first.cues.map((c) => c.text)).toEqual(['Salt & <pepper> --> now.']);
    const fixed = await call(t, 'PUT', TRANSCRIPTS_API.word, w.editor, {
      ingest_db_id: clip.id,
      word_index: 2,
      text: 'pepper',
    });
    expect(fixed.status).toBe(200);
    const srt = parseSrt((await captions(w.owner, { ingest_db_id: clip.id, format: 'srt' })).text);
    expect(srt.map((c) => c.text)).toEqual(['Salt & pepper -> now.']);
  });

  it('answers not found before a transcript is done, and names an unknown format', async () => {
    const clip = await asset(t, w.projectId);
    const none = await captions(w.owner, { ingest_db_id: clip.id });
    expect(none.status).toBe(404);
    expect(none.json()).toMatchObject({ response: false, errormessage: TRANSCRIPT_TEXT.notFound });
    const done = await transcribedClip(t, w.projectId, spoken('Hi.'));
    const bad = await captions(w.owner, { ingest_db_id: done.id, format: 'ass' });
    expect(bad.status).toBe(400);
    expect(bad.json().errormessage).toBe(TRANSCRIPT_TEXT.unknownFormat);
  });

  it("refuses another team's member", async () => {
    const clip = await transcribedClip(t, w.projectId, spoken('Private words.'));
    const res = await captions(w.stranger, { ingest_db_id: clip.id });
    expect(res.status).toBe(403);
    expect(res.json()).toMatchObject({ response: false, errormessage: MSG.assetNotFound });
    expect(res.text).not.toContain('Private');
  });
});

describe('GET /api/review/captions (a review link)', () => {
  const review = (q: Record<string, string>) => rawGet(t, TRANSCRIPTS_API.reviewCaptions, q);

  it('shows the captions of a file in the link to anyone holding it; downloads only when allowed', async () => {
    const clip = await transcribedClip(t, w.projectId, spoken(SPEECH), 'Review cut.mp4');
    const { token } = await makeLink(t, { projectId: w.projectId, kind: 'asset', assetIds: [clip.id] });
    const shown = await review({ token, ingest_db_id: clip.id });
    expect(shown.status).toBe(200);
    expect(parseVtt(shown.text).cues).toEqual(CUES);
    const refused = await review({ token, ingest_db_id: clip.id, format: 'srt', download: '1' });
    expect(refused.status).toBe(403);
    expect(refused.json().errormessage).toBe(MSG.downloadNotAllowed);

    const open = await makeLink(t, {
      projectId: w.projectId,
      kind: 'asset',
      assetIds: [clip.id],
      download: true,
    });
    const file = await review({ token: open.token, ingest_db_id: clip.id, format: 'srt', download: '1' });
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/filename="Review cut\.srt"/);
    expect(parseSrt(file.text)).toEqual(CUES);
  });

  it('never reaches a file the link does not hold, and refuses an unknown or revoked link', async () => {
    const inLink = await transcribedClip(t, w.projectId, spoken('Shared words.'));
    const other = await transcribedClip(t, w.projectId, spoken('Unshared words.'));
    const { token, link } = await makeLink(t, {
      projectId: w.projectId,
      kind: 'asset',
      assetIds: [inLink.id],
    });
    const outside = await review({ token, ingest_db_id: other.id });
    expect(outside.status).toBe(404);
    expect(outside.text).not.toContain('Unshared');
    expect((await review({ token: 'not-a-link', ingest_db_id: inLink.id })).status).toBe(410);
    await t.ctx.db.execute(sql`update share_links set revoked_at = now() where id = ${link.id}`);
    expect((await review({ token, ingest_db_id: inLink.id })).status).toBe(410);
  });
});

describe('GET /api/review/transcript (a review link, read-only)', () => {
  const read = (q: Record<string, string>, cookie?: string) =>
    rawGet(t, TRANSCRIPTS_API.reviewTranscript, q, cookie);

  it('answers the words of a file in the link, never editable; copy and downloads only when allowed', async () => {
    const clip = await transcribedClip(t, w.projectId, spoken(SPEECH), 'Review read.mp4');
    const { token } = await makeLink(t, { projectId: w.projectId, kind: 'asset', assetIds: [clip.id] });
    const res = await read({ token, ingest_db_id: clip.id });
    expect(res.status).toBe(200);
    const data = res.json().data as ReviewTranscriptAnswer;
    expect(data).toMatchObject({ status: 'done', can_edit: false, can_download: false });
    expect(data.words.map((x) => x.w).join(' ')).toBe(SPEECH);
    expect(data.lines.map((l) => l.text)).toEqual(CUES.map((c) => c.text));
    const open = await makeLink(t, {
      projectId: w.projectId,
      kind: 'asset',
      assetIds: [clip.id],
      download: true,
    });
    const allowed = (await read({ token: open.token, ingest_db_id: clip.id })).json().data;
    expect(allowed).toMatchObject({ can_edit: false, can_download: true });
  });

  it("never reads a file the link does not hold; refuses an unknown or revoked link and a passcode link's stranger", async () => {
    const inLink = await transcribedClip(t, w.projectId, spoken('Shared words.'));
    const other = await transcribedClip(t, w.projectId, spoken('Unshared words.'));
    const { token, link } = await makeLink(t, {
      projectId: w.projectId,
      kind: 'asset',
      assetIds: [inLink.id],
    });
    const outside = await read({ token, ingest_db_id: other.id });
    expect(outside.status).toBe(404);
    expect(outside.text).not.toContain('Unshared');
    // a member's session is no key to a file the link does not hold
    expect((await read({ token, ingest_db_id: other.id }, w.owner.cookie)).status).toBe(404);
    expect((await read({ token: 'not-a-link', ingest_db_id: inLink.id })).status).toBe(410);
    await t.ctx.db.execute(sql`update share_links set passcode_hash = 'x' where id = ${link.id}`);
    const locked = await read({ token, ingest_db_id: inLink.id });
    expect(locked.status).toBe(403);
    expect(locked.text).not.toContain('Shared words');
    await t.ctx.db.execute(sql`update share_links set revoked_at = now() where id = ${link.id}`);
    expect((await read({ token, ingest_db_id: inLink.id })).status).toBe(410);
  });
});
