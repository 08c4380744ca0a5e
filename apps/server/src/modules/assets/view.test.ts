import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, GRID_CARD_SIZE, GRID_TEXT, type AssetPage, type AssetView } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { assets } from '../../db/schema/index.ts';
import { call, insertFile, person, studio } from '../projects/projects.testkit.ts';

/** The per-user asset view (list or grid, card size) and the sprite sheet in the list's answer. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

const getView = async (who: Awaited<ReturnType<typeof person>>) => {
  const res = await call<AssetView>(t, 'GET', API.assets.view, who);
  expect(res.status).toBe(200);
  return res.body.data;
};

describe('GET/PUT /api/assets/view', () => {
  it('starts as the list, keeps what the user saves, and each user has only their own', async () => {
    const a = await person(t);
    const b = await person(t);
    expect(await getView(a)).toEqual({ view: 'list', card_size: GRID_CARD_SIZE.initial });

    const saved = await call<AssetView & { message: string }>(t, 'PUT', API.assets.view, a, {
      view: 'grid',
      card_size: 300,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ view: 'grid', card_size: 300, message: GRID_TEXT.viewSaved });
    expect(await getView(a)).toEqual({ view: 'grid', card_size: 300 });

    // b neither sees a's choice nor changes it by saving their own
    expect(await getView(b)).toEqual({ view: 'list', card_size: GRID_CARD_SIZE.initial });
    await call(t, 'PUT', API.assets.view, b, { view: 'list', card_size: 160 });
    expect(await getView(b)).toEqual({ view: 'list', card_size: 160 });
    expect(await getView(a)).toEqual({ view: 'grid', card_size: 300 });

    // a request naming another user is no way in: unknown keys are ignored, the session decides
    await call(t, 'PUT', API.assets.view, b, { view: 'grid', card_size: 180, user_id: a.user.id });
    expect(await getView(a)).toEqual({ view: 'grid', card_size: 300 });
    expect(await getView(b)).toEqual({ view: 'grid', card_size: 180 });
  });

  it('refuses strangers and values out of range', async () => {
    expect((await call(t, 'GET', API.assets.view, undefined)).status).toBe(401);
    expect((await call(t, 'PUT', API.assets.view, undefined, { view: 'grid', card_size: 220 })).status).toBe(
      401,
    );
    const a = await person(t);
    for (const body of [
      { view: 'mosaic', card_size: 220 },
      { view: 'grid', card_size: GRID_CARD_SIZE.max + 1 },
      { view: 'grid', card_size: GRID_CARD_SIZE.min - 1 },
      { view: 'grid', card_size: 220.5 },
      { view: 'grid' },
      {},
    ]) {
      const res = await call(t, 'PUT', API.assets.view, a, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await getView(a)).toEqual({ view: 'list', card_size: GRID_CARD_SIZE.initial });
  });
});

describe('the sprite sheet in the list', () => {
  it('is null until the pipeline made one, then its layout and address', async () => {
    const { owner, collaborator, projectId } = await studio(t);
    const file = await insertFile(t, projectId, { title: 'scrub.mp4' });
    const list = async () =>
      (await call<AssetPage>(t, 'GET', API.assets.root, collaborator, { project_db_id: projectId })).body.data
        .items;
    expect((await list())[0].sprite).toBeNull();

    const info = { cols: 10, rows: 3, count: 25, tileWidth: 160, tileHeight: 90, intervalSeconds: 0.5 };
    await t.ctx.db
      .update(assets)
      .set({ spriteKey: `sprites/${file.id}.jpg`, spriteInfo: info })
      .where(eq(assets.id, file.id));
    const [item] = await list();
    expect(item.sprite).toMatchObject({
      cols: 10,
      rows: 3,
      count: 25,
      tile_width: 160,
      tile_height: 90,
      interval_seconds: 0.5,
    });
    expect(item.sprite?.url).toContain(`ingest_db_id=${file.id}`);
    expect(item.sprite?.url).toContain('kind=sprite');

    // the search answer carries it too
    const found = await call<AssetPage>(t, 'GET', API.assets.search, owner, {
      project_db_id: projectId,
      search_text: 'scrub',
    });
    expect(found.body.data.items[0].sprite?.count).toBe(25);
  });

  it('takes pages of up to a grid page of cards', async () => {
    const { owner, projectId } = await studio(t);
    const page = (n: string) =>
      call(t, 'GET', API.assets.root, owner, { project_db_id: projectId, entries_per_page: n });
    expect((await page('100')).status).toBe(200);
    expect((await page('101')).status).toBe(400);
  });
});
