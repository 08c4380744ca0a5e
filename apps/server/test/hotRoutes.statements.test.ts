import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type AssetPage } from '@rushes/shared';
import { createTestApp, type TestApp } from './harness.ts';
import { statementCounter } from './statements.ts';
import {
  apiFolder,
  call,
  insertFile,
  studio,
  type Person,
} from '../src/modules/projects/projects.testkit.ts';

/**
 * The statements of the hottest routes after the session and the project access are cached (the load
 * bench's mix: docs/decisions/0040-project-access-cache-and-reconnect-storms.md). Each one is a round
 * trip that wakes PostgreSQL; the answers are checked with them.
 */
let t: TestApp;
let statementsOf: ReturnType<typeof statementCounter>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'false' });
  statementsOf = statementCounter(t);
});
afterAll(() => t.close());

/** `run` once to cache the session and access and prepare its statements, then counted. */
async function counted<T>(run: () => Promise<T>) {
  await run();
  return statementsOf(run);
}

describe('statements per request', () => {
  it('an asset page reads each phase it needs and the kept count; a search page is one statement', async () => {
    const { owner, projectId } = await studio(t);
    for (const name of ['B roll', 'Audio', 'Cuts']) await apiFolder(t, owner, projectId, name);
    for (let i = 0; i < 4; i++)
      await insertFile(t, projectId, { title: `clip ${i}.mp4`, keywords: ['night'] });
    const page = (who: Person, query: Record<string, string>) =>
      call<AssetPage>(t, 'GET', API.assets.root, who, { project_db_id: projectId, ...query });

    // across the phases: the three folders, then a file
    const first = await counted(() => page(owner, { entries_per_page: '4' }));
    expect(first.result.body.data.items.map((i) => i.title)).toEqual([
      'Audio',
      'B roll',
      'Cuts',
      'clip 0.mp4',
    ]);
    expect(first.result.body.data.total_entries).toBe(7);
    // the folders, the files, the count (each row says whether it heads a stack: no stack, no more)
    expect(first.statements).toHaveLength(3);
    // after a folder's cursor, and after a file's
    const two = (await page(owner, { entries_per_page: '2' })).body.data;
    const afterFolder = await counted(() => page(owner, { entries_per_page: '2', cursor: two.next_cursor! }));
    expect(afterFolder.result.body.data.items.map((i) => i.title)).toEqual(['Cuts', 'clip 0.mp4']);
    expect(afterFolder.statements).toHaveLength(3);
    const next = await counted(() =>
      page(owner, { entries_per_page: '4', cursor: first.result.body.data.next_cursor! }),
    );
    expect(next.result.body.data.items.map((i) => i.title)).toEqual([
      'clip 1.mp4',
      'clip 2.mp4',
      'clip 3.mp4',
    ]);
    expect(next.result.body.data.next_cursor).toBeNull();
    expect(next.result.body.data.total_entries).toBe(7);
    // after a file's cursor the files' phase alone
    expect(next.statements).toHaveLength(2);

    const search = await counted(() =>
      call<AssetPage>(t, 'GET', API.assets.search, owner, { project_db_id: projectId, search_text: 'night' }),
    );
    expect(search.result.body.data.total_entries).toBe(4);
    expect(search.statements).toHaveLength(1);
  });
});
