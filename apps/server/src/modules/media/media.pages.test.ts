import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API, INGEST_STATUS, PDF_PAGES, mediaFileUrl, type PlayerAsset } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { closeAllSockets, connect, join, listen, record } from '../../../test/realtime-helpers.ts';
import { person, studio } from '../projects/projects.testkit.ts';
import { TEST_PART_SIZE, assetRow, call, uploadFile, type Person } from '../uploads/uploads.testkit.ts';

/** Page sizes in PDF points: portrait A4, a wide slide, a square. */
const SIZES: [number, number][] = [
  [595.28, 841.89],
  [800, 400],
  [500, 500],
];

/** Three pages of different size and content: text, a red block filling page 2, a blue disc. */
function threePagePdf(): Promise<Buffer> {
  const doc = new PDFDocument({ size: SIZES[0], margin: 40 });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.fontSize(36).text('Call sheet, day 1');
  doc.addPage({ size: SIZES[1], margin: 0 }).rect(0, 0, 800, 400).fill('#e00000');
  doc.addPage({ size: SIZES[2], margin: 0 }).circle(250, 250, 200).fill('#0030e0');
  doc.end();
  return done;
}

let t: TestApp;
let url: string;
let owner: Person;
let projectId: string;
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_PART_SIZE: String(TEST_PART_SIZE), RATE_LIMIT: 'false' });
  url = await listen(t);
  ({ owner, projectId } = await studio(t));
});
afterEach(() => closeAllSockets());
afterAll(async () => {
  closeAllSockets();
  await t?.close();
});

async function uploadAndProcess(data: Buffer, filename: string) {
  const { done } = await uploadFile(t, owner, projectId, data, { filename, mime: 'application/pdf' });
  await t.ctx.jobs.drainForTests();
  return (await assetRow(t, done.ingest_db_id))!;
}

const fetchPage = (
  id: string,
  page: number,
  who: Person | null = owner,
  kind: 'page' | 'page_thumb' = 'page',
) =>
  t.app.inject({
    method: 'GET',
    url: mediaFileUrl(id, kind, undefined, page),
    headers: who ? { cookie: who.cookie } : {},
  });

/** The mean red, green and blue of a JPEG. */
async function meanColour(jpeg: Buffer) {
  const { channels } = await sharp(jpeg).stats();
  return channels.slice(0, 3).map((c) => Math.round(c.mean));
}

describe('PDF pages (rendered to pictures by the media pipeline)', () => {
  it('renders each page to a JPEG at its aspect, the first as thumbnail; status 5 → 1; members only', async () => {
    const socket = await connect(url, { cookie: owner.cookie });
    expect((await join(socket, `project:${projectId}`)).ok).toBe(true);
    const statuses = record(socket, 'asset_status');
    const a = await uploadAndProcess(await threePagePdf(), 'callsheet.pdf');
    expect(a).toMatchObject({
      status: INGEST_STATUS.finished,
      fileType: 'other',
      mimeType: 'application/pdf',
      format: 'PDF',
      pageCount: 3,
      width: null,
      height: null,
    });
    expect(a.pagesKey).toMatch(/\/pages$/);
    await expect
      .poll(() => statuses.filter((s) => s.ingest_db_id === a.id).map((s) => s.status))
      .toEqual([
        INGEST_STATUS.inqueue,
        INGEST_STATUS.inprogress,
        INGEST_STATUS.thumbnailGenerated,
        INGEST_STATUS.finished,
      ]);

    const colours: number[][] = [];
    for (const [i, [w, h]] of SIZES.entries()) {
      const res = await fetchPage(a.id, i + 1);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.width).toBe(PDF_PAGES.width);
      expect(Math.abs(meta.height - (PDF_PAGES.width * h) / w)).toBeLessThanOrEqual(1);
      colours.push(await meanColour(res.rawPayload));
    }
    // page 1 mostly white paper, page 2 all red, page 3 a blue disc on white
    expect(colours[0].every((c) => c > 230)).toBe(true);
    expect(colours[1][0]).toBeGreaterThan(200);
    expect(colours[1][2]).toBeLessThan(40);
    expect(colours[2][2]).toBeGreaterThan(colours[2][0] + 60);
    expect((await fetchPage(a.id, 4)).statusCode).toBe(404);

    // The page strip's pictures: the same pages, small (192 px wide, a tenth of the bytes or less).
    for (const [i, [w, h]] of SIZES.entries()) {
      const [small, full] = [await fetchPage(a.id, i + 1, owner, 'page_thumb'), await fetchPage(a.id, i + 1)];
      expect(small.statusCode).toBe(200);
      expect(small.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(small.rawPayload).metadata();
      expect(meta.width).toBe(PDF_PAGES.thumbWidth);
      expect(Math.abs(meta.height - (PDF_PAGES.thumbWidth * h) / w)).toBeLessThanOrEqual(1);
      expect(small.rawPayload.length * 10).toBeLessThan(full.rawPayload.length);
      const [c, f] = [await meanColour(small.rawPayload), await meanColour(full.rawPayload)];
      expect(c.every((x, k) => Math.abs(x - f[k]) < 12)).toBe(true);
    }
    expect((await fetchPage(a.id, 4, owner, 'page_thumb')).statusCode).toBe(404);
    expect([403, 404]).toContain((await fetchPage(a.id, 1, await person(t), 'page_thumb')).statusCode);
    // A document rendered before small pictures existed: the strip gets its full pages.
    await t.ctx.blobs.deleteObject(`${a.pagesKey}/2.thumb.jpg`);
    const old = await fetchPage(a.id, 2, owner, 'page_thumb');
    expect(old.statusCode).toBe(200);
    expect((await sharp(old.rawPayload).metadata()).width).toBe(PDF_PAGES.width);

    const thumb = await t.app.inject({
      method: 'GET',
      url: mediaFileUrl(a.id, 'thumbnail'),
      headers: { cookie: owner.cookie },
    });
    const tm = await sharp(thumb.rawPayload).metadata();
    expect(Math.max(tm.width, tm.height)).toBe(480);
    const player = await call<PlayerAsset>(t, 'GET', API.media.asset, owner, { ingest_db_id: a.id });
    expect(player.body.data).toMatchObject({ page_count: 3, file_type: 'other' });

    // Another project's member and an anonymous caller read no page.
    const stranger = await person(t);
    expect([403, 404]).toContain((await fetchPage(a.id, 1, stranger)).statusCode);
    expect((await fetchPage(a.id, 1, null)).statusCode).toBe(401);
  });

  it('a broken PDF is previewNotAvailable, with no pages, and the server carries on', async () => {
    const broken = Buffer.concat([
      Buffer.from('%PDF-1.7\n'),
      Buffer.alloc(4000, 'garbage '),
      Buffer.from('%%EOF'),
    ]);
    const a = await uploadAndProcess(broken, 'broken.pdf');
    expect(a).toMatchObject({
      status: INGEST_STATUS.previewNotAvailable,
      mimeType: 'application/pdf',
      pageCount: null,
      pagesKey: null,
      thumbnailKey: null,
    });
    expect((await fetchPage(a.id, 1)).statusCode).toBe(404);
    // a good one after it still renders
    expect((await uploadAndProcess(await threePagePdf(), 'after.pdf')).pageCount).toBe(3);
  });

  it('page images go with the asset, not while a copy still shows them', async () => {
    const a = await uploadAndProcess(await threePagePdf(), 'deleted.pdf');
    const keys = [1, 2, 3].flatMap((n) => [`${a.pagesKey}/${n}.jpg`, `${a.pagesKey}/${n}.thumb.jpg`]);
    const present = async () =>
      (await Promise.all(keys.map((k) => t.ctx.blobs.headObject(k)))).map((h) => h !== null);
    expect(await present()).toEqual(Array(6).fill(true));
    const copy = await call(t, 'POST', API.assets.copyMove, owner, {
      ingest_db_ids: [a.id],
      action: 'copy',
      source_project_db_id: projectId,
      destination_project_db_id: projectId,
    });
    expect(copy.body.response).toBe(true);
    const remove = (id: string) =>
      call(t, 'DELETE', API.assets.root, owner, { project_db_id: projectId, ingest_db_ids: [id] });
    await remove(a.id);
    await t.ctx.jobs.drainForTests();
    expect(await present()).toEqual(Array(6).fill(true));
    const [copied] = await t.ctx.db.query.assets.findMany({
      where: (x, { eq, and, ne }) => and(eq(x.pagesKey, a.pagesKey!), ne(x.id, a.id)),
    });
    await remove(copied.id);
    await t.ctx.jobs.drainForTests();
    expect(await present()).toEqual(Array(6).fill(false));
  });
});
