import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { connect, listen, next, record } from '../../../test/realtime-helpers.ts';
import { book, cloudWorld, end } from './cloud.testkit.ts';

/** The banner and the wizard hear their session change live (cloud_session to the owner's room). */
let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp({ CLOUD_PROVIDER: 'simulated' });
  url = await listen(t);
});
afterAll(() => t?.close());

describe('cloud_session events', () => {
  it('the owner hears booking, start and end; another user hears nothing', async () => {
    const { owner, projectId } = await cloudWorld(t, 0);
    const { owner: other, projectId: otherProject } = await cloudWorld(t, 0);
    const mine = await connect(url, { cookie: owner.cookie });
    const theirs = await connect(url, { cookie: other.cookie });
    const leaked = record(theirs, 'cloud_session');

    const booked = next(mine, 'cloud_session');
    const s = (await book(t, owner, projectId)).body.data;
    expect(await booked).toEqual({ cloud_access_db_id: s.cloud_access_db_id });
    const started = next(mine, 'cloud_session');
    await t.ctx.jobs.drainForTests();
    expect(await started).toEqual({ cloud_access_db_id: s.cloud_access_db_id });
    const ending = next(mine, 'cloud_session');
    await end(t, owner, projectId, s.cloud_access_db_id);
    expect(await ending).toEqual({ cloud_access_db_id: s.cloud_access_db_id });
    await t.ctx.jobs.drainForTests();

    // the other user's socket was told nothing: its own booking's event, sent after all of the
    // owner's on the same connection, is the first it hears
    const theirsBooked = next(theirs, 'cloud_session');
    const o = (await book(t, other, otherProject)).body.data;
    await theirsBooked;
    expect(leaked).toEqual([{ cloud_access_db_id: o.cloud_access_db_id }]);
    mine.close();
    theirs.close();
  });
});
