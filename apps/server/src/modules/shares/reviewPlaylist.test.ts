import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, REVIEW_PLAYLIST_TEXT, reviewFileUrl, type AssetCommentsPage } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { send } from '../../../test/inject.ts';
import { assets, shareLinks } from '../../db/schema/index.ts';
import { call, studio } from '../projects/projects.testkit.ts';
import { uploadFile } from '../uploads/uploads.testkit.ts';
import { fileOf, makeLink, openReview } from './reviewLinks.testkit.ts';

/** Review links holding several files or a folder: the playlist, and nothing else reached through them. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

async function world() {
  const { owner, collaborator, projectId } = await studio(t);
  const up = async (name: string, folderPath = '/') =>
    (await uploadFile(t, owner, projectId, randomBytes(3000), { filename: name, folderPath })).done
      .ingest_db_id as string;
  return { owner, collaborator, projectId, up };
}

const commentsOf = (token: string, ingestDbId?: string) =>
  send<AssetCommentsPage>(t, 'GET', API.review.comments, {
    query: { shared_link: token, ...(ingestDbId ? { ingest_db_id: ingestDbId } : {}) },
  });
const guestComment = (token: string, ingestDbId: string, text: string) =>
  send<unknown>(t, 'POST', API.review.comments, {
    body: { shared_link: token, ingest_db_id: ingestDbId, guest_name: 'Greta', text },
  });

describe('a link holding several files', () => {
  it('answers them in playlist order, shows the asked one, and reaches no other file of the project', async () => {
    const { owner, projectId, up } = await world();
    const [a, b, c, other] = [await up('a.mp4'), await up('b.mp4'), await up('c.mp4'), await up('z.mp4')];
    const { token } = await makeLink(t, { projectId, kind: 'assets', assetIds: [c, a, b] });

    const first = await openReview(t, token);
    expect(first).toMatchObject({ kind: 'assets', ingest_db_id: c, current_item: 0, watermark: false });
    expect(first.items.map((i) => [i.ingest_db_id, i.title, i.position])).toEqual([
      [c, 'c.mp4', 0],
      [a, 'a.mp4', 1],
      [b, 'b.mp4', 2],
    ]);
    expect(first.items[0]).toMatchObject({ file_type: 'video', duration: null });
    expect(await openReview(t, token, { ingest_db_id: b })).toMatchObject({
      ingest_db_id: b,
      title: 'b.mp4',
      current_item: 2,
    });
    // a file outside the link: the page falls back to the first one, every call naming it is refused
    expect(await openReview(t, token, { ingest_db_id: other })).toMatchObject({ ingest_db_id: c });
    for (const kind of ['play', 'thumbnail', 'original'] as const) {
      const res = await fileOf(t, reviewFileUrl({ shared_link: token }, kind, other));
      expect(res.status).toBe(404);
      expect(res.json().errormessage).toBe(REVIEW_PLAYLIST_TEXT.notInLink);
    }
    expect((await commentsOf(token, other)).status).toBe(404);
    expect((await guestComment(token, other, 'sneaky')).status).toBe(404);
    const mine = await call<AssetCommentsPage>(t, 'GET', API.shares.comments, owner, { ingest_db_id: other });
    expect(mine.body.data.total_entries).toBe(0);

    // comments go to the file shown
    expect((await guestComment(token, a, 'on a')).status).toBe(200);
    expect((await commentsOf(token, a)).body.data.data.map((x) => x.text)).toEqual(['on a']);
    expect((await commentsOf(token)).body.data.total_entries).toBe(0);
  });

  it('download: no original of any file unless the link allows it', async () => {
    const { projectId, up } = await world();
    const [a, b] = [await up('a.mp4'), await up('b.mp4')];
    const { token, link } = await makeLink(t, { projectId, kind: 'assets', assetIds: [a, b] });
    const shown = await openReview(t, token, { ingest_db_id: b });
    expect(shown.download_url).toBeNull();
    for (const id of [a, b]) {
      const res = await fileOf(t, reviewFileUrl({ shared_link: token }, 'original', id));
      expect(res.status).toBe(403);
    }
    await t.ctx.db.update(shareLinks).set({ isDownloadAllowed: true }).where(eq(shareLinks.id, link.id));
    const allowed = await openReview(t, token, { ingest_db_id: b });
    expect(allowed.download_url).toBe(reviewFileUrl({ shared_link: token }, 'original', b));
    const res = await fileOf(t, allowed.download_url!);
    expect(res.status).toBe(200);
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment/);
    expect(res.body.length).toBe(3000);
  });

  it('a file with versions is listed as its newest; its older version is reachable through the link', async () => {
    const { owner, projectId, up } = await world();
    const [a, b, b2] = [await up('a.mp4'), await up('b.mp4'), await up('b v2.mp4')];
    const stacked = await call(t, 'POST', API.shares.versions, owner, {
      ingest_db_id: b,
      version_ingest_db_id: b2,
    });
    expect(stacked.status).toBe(200);
    const { token } = await makeLink(t, { projectId, kind: 'assets', assetIds: [a, b] });
    const open = await openReview(t, token);
    expect(open.items.map((i) => i.ingest_db_id)).toEqual([a, b2]);
    const old = await openReview(t, token, { ingest_db_id: b });
    expect(old).toMatchObject({ ingest_db_id: b, version: 1, current_item: 1 });
    expect(old.versions.map((v) => v.ingest_db_id)).toEqual([b, b2]);
    expect((await commentsOf(token, b)).status).toBe(200);
  });
});

describe('a folder link', () => {
  it('lists the files in the folder when opened, by title, not its subfolders nor other folders', async () => {
    const { projectId, up } = await world();
    const two = await up('two.mp4', '/Cuts');
    const one = await up('One.mp4', '/Cuts');
    const deeper = await up('deep.mp4', '/Cuts/Sub');
    const outside = await up('outside.mp4');
    const [folder] = await t.ctx.db
      .select()
      .from(assets)
      .where(and(eq(assets.projectId, projectId), eq(assets.title, 'Cuts'), eq(assets.isFolder, true)));
    const { token } = await makeLink(t, { projectId, kind: 'folder', assetIds: [folder.id] });
    const open = await openReview(t, token);
    expect(open).toMatchObject({ kind: 'folder', ingest_db_id: one, current_item: 0 });
    expect(open.items.map((i) => i.title)).toEqual(['One.mp4', 'two.mp4']);
    // a file added later shows at the next opening
    const added = await up('three.mp4', '/Cuts');
    expect((await openReview(t, token)).items.map((i) => i.ingest_db_id)).toEqual([one, added, two]);
    for (const id of [deeper, outside, folder.id]) {
      expect((await fileOf(t, reviewFileUrl({ shared_link: token }, 'play', id))).status).toBe(404);
      expect((await commentsOf(token, id)).status).toBe(404);
    }
  });

  it('an empty folder opens with no files', async () => {
    const { projectId, up } = await world();
    await up('elsewhere.mp4', '/Empty/Sub');
    const [folder] = await t.ctx.db
      .select()
      .from(assets)
      .where(and(eq(assets.projectId, projectId), eq(assets.title, 'Empty')));
    const { token } = await makeLink(t, { projectId, kind: 'folder', assetIds: [folder.id] });
    expect(await openReview(t, token)).toMatchObject({ items: [], play_url: null, file_type: 'folder' });
    expect((await commentsOf(token)).status).toBe(404);
  });
});

describe('a one-asset link', () => {
  it('answers as before: no items; its PDF pages are served by number', async () => {
    const { projectId, up } = await world();
    const doc = await up('notes.pdf');
    const { token } = await makeLink(t, { projectId, kind: 'asset', assetIds: [doc] });
    expect(await openReview(t, token)).toMatchObject({
      kind: 'asset',
      ingest_db_id: doc,
      items: [],
      current_item: null,
      page_count: null,
    });
    const pagesKey = `projects/${projectId}/assets/${doc}/pages`;
    const jpeg = randomBytes(500);
    await t.ctx.blobs.putObject(`${pagesKey}/1.jpg`, jpeg, { contentType: 'image/jpeg' });
    await t.ctx.db.update(assets).set({ pagesKey, pageCount: 1 }).where(eq(assets.id, doc));
    expect(await openReview(t, token)).toMatchObject({ page_count: 1 });
    const page = await fileOf(t, reviewFileUrl({ shared_link: token }, 'page', doc, 1));
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('image/jpeg');
    expect(page.body.equals(jpeg)).toBe(true);
    expect((await fileOf(t, reviewFileUrl({ shared_link: token }, 'page', doc, 2))).status).toBe(404);
    // the page strip's small picture: the full page while there is none (rendered before), else it
    const strip = () => fileOf(t, reviewFileUrl({ shared_link: token }, 'page_thumb', doc, 1));
    expect((await strip()).body.equals(jpeg)).toBe(true);
    const small = randomBytes(50);
    await t.ctx.blobs.putObject(`${pagesKey}/1.thumb.jpg`, small, { contentType: 'image/jpeg' });
    expect((await strip()).body.equals(small)).toBe(true);
    expect((await fileOf(t, reviewFileUrl({ shared_link: token }, 'page_thumb', doc, 2))).status).toBe(404);
  });
});
