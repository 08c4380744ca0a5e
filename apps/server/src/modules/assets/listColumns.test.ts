import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type AssetPage } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { capture } from '../../../test/plans.ts';
import { call, insertFile, studio } from '../projects/projects.testkit.ts';

/**
 * What the asset list and search read: the columns their answer is made from (not the search
 * index's tsvector and text), and a page's stacks in one statement with the ids as one array.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

describe('asset list reads', () => {
  it('select no search column, and read the stacks of a page with one uuid[] parameter', async () => {
    const { owner, projectId } = await studio(t);
    const root = await insertFile(t, projectId, { title: 'cut.mp4', keywords: ['night'] });
    const newer = await insertFile(t, projectId, { title: 'cut-v2.mp4' });
    for (let i = 0; i < 3; i++) await insertFile(t, projectId, { title: `night ${i}.mp4` });
    const stacked = await call(t, 'POST', API.shares.versions, owner, {
      ingest_db_id: root.id,
      version_ingest_db_id: newer.id,
    });
    expect(stacked.body.response).toBe(true);

    for (const [url, query] of [
      [API.assets.root, { project_db_id: projectId }],
      [API.assets.search, { project_db_id: projectId, search_text: 'night' }],
    ] as const) {
      let page: AssetPage | undefined;
      const sent = await capture(t.ctx.db, async () => {
        page = (await call<AssetPage>(t, 'GET', url, owner, { ...query, entries_per_page: '50' })).body.data;
      });
      expect(page?.items.find((i) => i.ingest_db_id === root.id)).toMatchObject({
        title: 'cut-v2.mp4',
        version_no: 2,
      });
      const onAssets = sent.filter((q) => q.sql.includes('"assets"'));
      expect(onAssets.length).toBeGreaterThan(0);
      // search_vector only where the search matches on it (`@@`), never as a column read
      for (const q of onAssets) expect(q.sql).not.toMatch(/"search_text"|"search_vector"(?! @@)/);
      const versions = sent.filter((q) => q.sql.includes('from "asset_versions"'));
      expect(versions).toHaveLength(1);
      expect(versions[0].sql).toMatch(/= any\(\$1::uuid\[\]\)/);
      expect(versions[0].params).toHaveLength(1);
    }
  });
});
