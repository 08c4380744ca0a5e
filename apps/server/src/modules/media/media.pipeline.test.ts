// system programs: ffmpeg, ffprobe
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API, INGEST_STATUS, type AssetPage, type PlayerAsset } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { closeAllSockets, connect, join, listen, record } from '../../../test/realtime-helpers.ts';
import { studio } from '../projects/projects.testkit.ts';
import {
  TEST_PART_SIZE,
  assetRow,
  call,
  stored,
  uploadFile,
  type Person,
} from '../uploads/uploads.testkit.ts';
import { ffprobe, h264Mp4, pngImage, proresMov, sineAiff, sineWav } from './media.testkit.ts';

let t: TestApp;
let url: string;
let dir: string;
let owner: Person;
let projectId: string;
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_PART_SIZE: String(TEST_PART_SIZE), RATE_LIMIT: 'false' });
  url = await listen(t);
  dir = await mkdtemp(path.join(os.tmpdir(), 'rushes-media-test-'));
  ({ owner, projectId } = await studio(t));
});
afterEach(() => closeAllSockets());
afterAll(async () => {
  closeAllSockets();
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

async function uploadAndProcess(data: Buffer, filename: string, mime = 'application/octet-stream') {
  const { done } = await uploadFile(t, owner, projectId, data, { filename, mime });
  await t.ctx.jobs.drainForTests();
  return (await assetRow(t, done.ingest_db_id))!;
}

const fetchMedia = (id: string, kind: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: `${API.media.file}?ingest_db_id=${id}&kind=${kind}`,
    headers: { cookie: owner.cookie, ...headers },
  });

describe('media pipeline (spec 002 §3 ingest status)', () => {
  it('video: status 4 → 3 → 5 → 1 live in the project room; duration, format, codec, poster', async () => {
    const socket = await connect(url, { cookie: owner.cookie });
    expect((await join(socket, `project:${projectId}`)).ok).toBe(true);
    const statuses = record(socket, 'asset_status');
    const data = await h264Mp4(dir, 2);
    const a = await uploadAndProcess(data, 'clip.mp4', 'video/mp4');
    await new Promise((r) => setTimeout(r, 200));
    // The sprite sheet, made after 'finished', says 'finished' again so open lists refetch.
    const seen = statuses.filter((s) => s.ingest_db_id === a.id).map((s) => s.status);
    expect(seen.filter((s, i) => i === 0 || s !== seen[i - 1])).toEqual([
      INGEST_STATUS.inqueue,
      INGEST_STATUS.inprogress,
      INGEST_STATUS.thumbnailGenerated,
      INGEST_STATUS.finished,
    ]);
    expect(a).toMatchObject({
      fileType: 'video',
      mimeType: 'video/mp4',
      format: 'MP4',
      width: 320,
      height: 240,
      frameRate: 25,
    });
    expect(a.codec).toBe('h264 / aac');
    expect(a.durationSeconds).toBeGreaterThan(1.9);
    expect(a.durationSeconds).toBeLessThan(2.2);
    expect(a.proxyKey).toBeNull();
    const thumb = await sharp(await stored(t, a.thumbnailKey!)).metadata();
    expect(thumb).toMatchObject({ format: 'jpeg', width: 320, height: 240 });

    // The list shows the thumbnail; the metadata panel the duration and format.
    const list = await call<AssetPage>(t, 'GET', API.assets.root, owner, { project_db_id: projectId });
    const item = list.body.data.items.find((i) => i.ingest_db_id === a.id)!;
    expect(item.status).toBe(INGEST_STATUS.finished);
    expect(item.duration).toBeCloseTo(2, 0);
    expect(item.thumbnail).toContain(`${API.media.file}?ingest_db_id=${a.id}&kind=thumbnail`);
    const thumbRes = await t.app.inject({
      method: 'GET',
      url: item.thumbnail!,
      headers: { cookie: owner.cookie },
    });
    expect(thumbRes.statusCode).toBe(200);
    expect(thumbRes.headers['content-type']).toBe('image/jpeg');
    const meta = await call<{ file_info: { format: string; duration: number; file_size: number } }>(
      t,
      'GET',
      API.assets.metadata,
      owner,
      { project_db_id: projectId, ingest_db_id: a.id },
    );
    expect(meta.body.data.file_info).toMatchObject({ format: 'MP4', file_size: data.length });

    const player = await call<PlayerAsset>(t, 'GET', API.media.asset, owner, { ingest_db_id: a.id });
    expect(player.body.data).toMatchObject({
      file_type: 'video',
      proxy_url: null,
      external_player_url: null,
      frame_rate: 25,
    });
    expect(player.body.data.play_url).toContain('kind=play');
  });

  it('range requests answer 206 with exactly the asked bytes', async () => {
    const data = await h264Mp4(dir, 1);
    const a = await uploadAndProcess(data, 'range.mp4');
    const res = await fetchMedia(a.id, 'original', { range: 'bytes=100-1123' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 100-1123/${data.length}`);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.rawPayload.equals(data.subarray(100, 1124))).toBe(true);
    const tail = await fetchMedia(a.id, 'original', { range: 'bytes=-10' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(data.subarray(data.length - 10))).toBe(true);
    const whole = await fetchMedia(a.id, 'original');
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(data)).toBe(true);
    const past = await fetchMedia(a.id, 'original', { range: `bytes=${data.length}-` });
    expect(past.statusCode).toBe(416);
  });

  it("the video stream's real frame rate is stored: 30000/1001 → 29.97, 24 → 24", async () => {
    const ntsc = await uploadAndProcess(await h264Mp4(dir, 1, '30000/1001'), 'ntsc.mp4', 'video/mp4');
    expect(ntsc).toMatchObject({ fileType: 'video', status: INGEST_STATUS.finished });
    expect(ntsc.frameRate).toBeCloseTo(29.97, 3);
    // The player page steps and shows timecode at it.
    const player = await call<PlayerAsset>(t, 'GET', API.media.asset, owner, { ingest_db_id: ntsc.id });
    expect(player.body.data.frame_rate).toBeCloseTo(29.97, 3);
    const film = await uploadAndProcess(await h264Mp4(dir, 1, 24), 'film.mp4', 'video/mp4');
    expect(film.frameRate).toBe(24);
  });

  it('a ProRes clip gets a playable H.264/AAC MP4 proxy', async () => {
    const data = await proresMov(dir, 1);
    const a = await uploadAndProcess(data, 'grade.mov', 'video/quicktime');
    expect(a.status).toBe(INGEST_STATUS.finished);
    expect(a.codec).toBe('prores / pcm_s16le');
    expect(a.format).toBe('MOV');
    expect(a.proxyKey).not.toBeNull();
    const res = await fetchMedia(a.id, 'proxy');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp4');
    const file = path.join(dir, 'proxy-out.mp4');
    await writeFile(file, res.rawPayload);
    const probed = await ffprobe(file);
    expect(probed.format.format_name).toContain('mp4');
    const video = probed.streams.find((s) => s.codec_type === 'video')!;
    expect(video).toMatchObject({ codec_name: 'h264', pix_fmt: 'yuv420p', width: 320, height: 240 });
    expect(probed.streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac');
    expect(Number(probed.format.duration)).toBeGreaterThan(0.9);
    const player = await call<PlayerAsset>(t, 'GET', API.media.asset, owner, { ingest_db_id: a.id });
    expect(player.body.data.play_url).toBe(player.body.data.proxy_url);
    expect(player.body.data.play_url).toContain('kind=proxy');
  });

  it('audio: WAV is probed with a waveform and no proxy; AIFF gets an AAC proxy', async () => {
    const wav = await uploadAndProcess(await sineWav(dir, 1.5), 'tone.wav');
    expect(wav).toMatchObject({
      fileType: 'audio',
      status: INGEST_STATUS.finished,
      proxyKey: null,
      frameRate: null,
    });
    expect(wav.durationSeconds).toBeCloseTo(1.5, 1);
    expect((await sharp(await stored(t, wav.thumbnailKey!)).metadata()).format).toBe('jpeg');
    const aiff = await uploadAndProcess(await sineAiff(dir, 1), 'tone.aiff');
    expect(aiff).toMatchObject({ fileType: 'audio', status: INGEST_STATUS.finished });
    expect(aiff.proxyKey).not.toBeNull();
  });

  it('image: the type comes from the bytes; sharp thumbnail within 480 px', async () => {
    // Named .jpg, really a PNG.
    const a = await uploadAndProcess(await pngImage(800, 600), 'still.jpg', 'image/jpeg');
    expect(a).toMatchObject({
      fileType: 'image',
      mimeType: 'image/png',
      format: 'PNG',
      width: 800,
      height: 600,
      status: INGEST_STATUS.finished,
      durationSeconds: null,
      frameRate: null,
    });
    expect(await sharp(await stored(t, a.thumbnailKey!)).metadata()).toMatchObject({
      format: 'jpeg',
      width: 480,
      height: 360,
    });
  });

  it('a document has no preview (7); a broken video fails (2)', async () => {
    const doc = await uploadAndProcess(Buffer.from('call sheet'), 'notes.txt');
    expect(doc.status).toBe(INGEST_STATUS.previewNotAvailable);
    expect(doc.thumbnailKey).toBeNull();
    const broken = await uploadAndProcess(Buffer.alloc(4096, 7), 'broken.mp4');
    expect(broken.status).toBe(INGEST_STATUS.failed);
    // Its bytes are served as a download, never with a type the browser would run.
    const res = await fetchMedia(broken.id, 'original');
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toContain('attachment');
  });

  it('a copy made while the original is still processing gets its thumbnail and status too', async () => {
    const { done } = await uploadFile(t, owner, projectId, await pngImage(64, 64), {
      filename: 'copied.png',
    });
    const copied = await call(t, 'POST', API.assets.copyMove, owner, {
      ingest_db_ids: [done.ingest_db_id],
      action: 'copy',
      destination_project_db_id: projectId,
      destination_folder_db_id: null,
      source_project_db_id: projectId,
    });
    expect(copied.status).toBe(200);
    await t.ctx.jobs.drainForTests();
    const original = (await assetRow(t, done.ingest_db_id))!;
    const all = await call<AssetPage>(t, 'GET', API.assets.root, owner, { project_db_id: projectId });
    const copies = all.body.data.items.filter((i) => i.title === 'copied.png');
    expect(copies).toHaveLength(2);
    for (const c of copies) {
      expect(c.status).toBe(INGEST_STATUS.finished);
      expect(c.thumbnail).not.toBeNull();
    }
    expect(original.thumbnailKey).not.toBeNull();
  });
});
