// system programs: ffmpeg, ffprobe
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INGEST_STATUS } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { rowsOf } from '../../db/rows.ts';
import { resolveMediaTool } from '../../platform/media/binaries.ts';
import { probeFile } from '../../platform/media/probe.ts';
import { MediaToolError } from '../../platform/media/tools.ts';
import { studio } from '../projects/projects.testkit.ts';
import { TEST_PART_SIZE, assetRow, uploadFile, type Person } from '../uploads/uploads.testkit.ts';
import { h264Mp4, pngImage } from './media.testkit.ts';

/**
 * On the fs driver ffprobe starts while the original is sniffed, yet the sniff alone
 * decides: a file it does not accept ends as it did when the probe waited for it, and no probe
 * result of it is ever written; an accepted file's metadata is written once.
 */
let t: TestApp;
let dir: string;
let owner: Person;
let projectId: string;
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_PART_SIZE: String(TEST_PART_SIZE), RATE_LIMIT: 'false' });
  dir = await mkdtemp(path.join(os.tmpdir(), 'rushes-media-order-'));
  ({ owner, projectId } = await studio(t));
  // Every UPDATE that sets duration_seconds, as the database saw it.
  await t.ctx.db.execute(sql`CREATE TABLE duration_writes (asset_id uuid, duration real)`);
  await t.ctx.db.execute(
    sql.raw(`CREATE FUNCTION log_duration_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO duration_writes VALUES (NEW.id, NEW.duration_seconds); RETURN NEW; END $$`),
  );
  await t.ctx.db.execute(
    sql.raw(`CREATE TRIGGER duration_writes AFTER UPDATE OF duration_seconds ON assets
      FOR EACH ROW EXECUTE FUNCTION log_duration_write()`),
  );
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

async function uploadAndProcess(data: Buffer, filename: string, mime: string) {
  const { done } = await uploadFile(t, owner, projectId, data, { filename, mime });
  await t.ctx.jobs.drainForTests();
  return (await assetRow(t, done.ingest_db_id))!;
}

async function durationWrites(assetId: string) {
  const rows = await rowsOf<{ duration: number | null }>(
    t.ctx.db,
    sql`SELECT duration FROM duration_writes WHERE asset_id = ${assetId}`,
  );
  return rows.map((r) => r.duration);
}

/**
 * A PDF's first bytes, then an MPEG program stream: file-type says PDF, ffprobe finds 2 s of video.
 * (Program stream, not transport stream: the npm-shipped static ffprobe crashes on any MPEG-TS.)
 */
async function pdfDisguisingVideo() {
  const clip = path.join(dir, 'clip.mpg');
  await promisify(execFile)(resolveMediaTool('ffmpeg').path, [
    '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=25',
    '-c:v', 'mpeg2video', '-f', 'mpeg', clip,
  ]); // prettier-ignore
  const disguised = path.join(dir, 'disguised.mp4');
  await writeFile(
    disguised,
    Buffer.concat([Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1'), await readFile(clip)]),
  );
  return disguised;
}

describe('media pipeline: probe alongside the sniff', () => {
  it('an accepted clip: its duration and probe results are written once', async () => {
    const a = await uploadAndProcess(await h264Mp4(dir, 2), 'accepted.mp4', 'video/mp4');
    expect(a).toMatchObject({ status: INGEST_STATUS.finished, fileType: 'video', format: 'MP4' });
    expect(a.durationSeconds).toBeCloseTo(2, 0);
    expect(a.thumbnailKey).not.toBeNull();
    const writes = await durationWrites(a.id);
    expect(writes).toHaveLength(1);
    expect(writes[0]).toBeCloseTo(a.durationSeconds!, 3);
  });

  it('a file named .mp4 that sniffs as a PDF ends with no preview and never shows a duration', async () => {
    const disguised = await pdfDisguisingVideo();
    // ffprobe alone reads these very bytes as video: only the sniff's verdict keeps it out.
    const probed = await probeFile(resolveMediaTool('ffprobe').path, disguised);
    expect(probed.durationSeconds).toBeGreaterThan(1.9);
    const a = await uploadAndProcess(await readFile(disguised), 'disguised.mp4', 'video/mp4');
    expect(a).toMatchObject({
      status: INGEST_STATUS.previewNotAvailable,
      fileType: 'other',
      mimeType: 'application/pdf',
      format: 'PDF',
      durationSeconds: null,
      codec: null,
      width: null,
      frameRate: null,
      thumbnailKey: null,
    });
    expect(await durationWrites(a.id)).toEqual([]);
  });

  it('a picture named .mp4 is an image, as its bytes say: no duration from the probe', async () => {
    const a = await uploadAndProcess(await pngImage(64, 48), 'still.mp4', 'video/mp4');
    expect(a).toMatchObject({
      status: INGEST_STATUS.finished,
      fileType: 'image',
      mimeType: 'image/png',
      width: 64,
      height: 48,
      durationSeconds: null,
      codec: null,
    });
    expect(await durationWrites(a.id)).toEqual([]);
  });

  it('a probe no longer wanted is killed', async () => {
    // A FIFO nobody writes: ffprobe waits on it forever, so only the abort can end it.
    const fifo = path.join(dir, 'never-written.mp4');
    await promisify(execFile)('mkfifo', [fifo]);
    const abort = new AbortController();
    const started = Date.now();
    const probing = probeFile(resolveMediaTool('ffprobe').path, fifo, { signal: abort.signal });
    setTimeout(() => abort.abort(), 200);
    const err: unknown = await probing.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MediaToolError);
    expect((err as Error).message).toMatch(/killed by SIGKILL/);
    expect(Date.now() - started).toBeLessThan(10_000); // the abort, not the 60 s timeout
  });
});
