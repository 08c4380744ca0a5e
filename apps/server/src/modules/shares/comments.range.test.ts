import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  PLAYER_TEXT,
  type AssetComment,
  type AssetCommentsPage,
  type ShareAnswer,
} from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { send } from '../../../test/inject.ts';
import { addMembers, apiProject, bigTeam, call, person, type Person } from '../projects/projects.testkit.ts';
import { uploadFile } from '../uploads/uploads.testkit.ts';

/** Range comments (an in and an out frame, the player's I/O) on the members' and the review routes. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

async function world() {
  const a = await person(t, { firstName: 'Ana', lastName: 'Owner' });
  const c = await person(t, { firstName: 'Cy', lastName: 'Editor' });
  const teamId = await bigTeam(t, a, [c.user.id]);
  const projectId = await apiProject(t, a, teamId);
  await addMembers(t, a, projectId, [c]);
  // not a probed video: the rate the client counted at (29.97) is kept
  const { done } = await uploadFile(t, a, projectId, randomBytes(2000), { filename: 'cut.mp4' });
  return { a, c, projectId, assetId: done.ingest_db_id as string };
}
const NTSC = 30000 / 1001;
const add = (who: Person, body: Record<string, unknown>) =>
  call<{ comment: AssetComment }>(t, 'POST', API.shares.comments, who, body);
const list = (who: Person, assetId: string) =>
  call<AssetCommentsPage>(t, 'GET', API.shares.comments, who, { ingest_db_id: assetId });

describe('range comments', () => {
  it('store frame..frame_out and answer both timecodes (drop-frame at 29.97); a point has none', async () => {
    const { a, c, assetId } = await world();
    const range = await add(c, {
      ingest_db_id: assetId,
      text: 'Too long',
      frame: 1800,
      frame_out: 3600,
      frame_rate: NTSC,
    });
    expect(range.status).toBe(200);
    expect(range.body.data.comment).toMatchObject({
      frame: 1800,
      frame_out: 3600,
      timecode: '00:01:00;02',
      timecode_out: '00:02:00;04',
    });
    // one frame long is a range too
    const one = await add(a, {
      ingest_db_id: assetId,
      text: 'Flash',
      frame: 30,
      frame_out: 30,
      frame_rate: NTSC,
    });
    expect(one.body.data.comment).toMatchObject({ frame_out: 30, timecode_out: '00:00:01;00' });
    await add(a, { ingest_db_id: assetId, text: 'Point', frame: 10, frame_rate: NTSC });
    const page = await list(a, assetId);
    expect(page.body.data.data.map((x) => [x.text, x.frame, x.frame_out, x.timecode_out])).toEqual([
      ['Point', 10, null, null],
      ['Flash', 30, 30, '00:00:01;00'],
      ['Too long', 1800, 3600, '00:02:00;04'],
    ]);
  });

  it('refuses an out frame without a first frame or before it, with our words', async () => {
    const { a, assetId } = await world();
    const alone = await add(a, { ingest_db_id: assetId, text: 'x', frame_out: 20 });
    expect(alone.status).toBe(400);
    expect(alone.body.errormessage).toBe(PLAYER_TEXT.frameOutNeedsFrame);
    const backwards = await add(a, { ingest_db_id: assetId, text: 'x', frame: 20, frame_out: 19 });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errormessage).toBe(PLAYER_TEXT.frameOutBeforeFrame);
    expect((await list(a, assetId)).body.data.total_entries).toBe(0);
  });

  it('someone outside the project can neither add a range comment nor read them', async () => {
    const { a, assetId } = await world();
    await add(a, { ingest_db_id: assetId, text: 'Mine', frame: 1, frame_out: 5 });
    const stranger = await person(t);
    const refused = await add(stranger, { ingest_db_id: assetId, text: 'x', frame: 1, frame_out: 5 });
    expect([403, 404]).toContain(refused.status);
    expect([403, 404]).toContain((await list(stranger, assetId)).status);
    expect((await list(a, assetId)).body.data.total_entries).toBe(1);
  });

  it('a guest on a review link writes a range comment; the same checks hold there', async () => {
    const { a, projectId, assetId } = await world();
    const shared = await call<ShareAnswer>(t, 'POST', API.shares.root, a, {
      project_db_id: projectId,
      ingest_db_id: assetId,
    });
    const token = new URL(shared.body.data.links[0].url, 'http://x').searchParams.get('shared_link')!;
    const post = (body: Record<string, unknown>) =>
      send<{ comment: AssetComment }>(t, 'POST', API.review.comments, {
        body: { shared_link: token, guest_name: 'Greta Guest', ...body },
      });
    const ok = await post({ text: 'Trim this', frame: 50, frame_out: 75, frame_rate: 25 });
    expect(ok.body.data.comment).toMatchObject({
      frame_out: 75,
      timecode: '00:00:02:00',
      timecode_out: '00:00:03:00',
      author: { is_guest: true },
    });
    expect((await post({ text: 'x', frame_out: 75 })).body.errormessage).toBe(PLAYER_TEXT.frameOutNeedsFrame);
    expect((await post({ text: 'x', frame: 9, frame_out: 8 })).body.errormessage).toBe(
      PLAYER_TEXT.frameOutBeforeFrame,
    );
    const seen = await send<AssetCommentsPage>(t, 'GET', API.review.comments, {
      query: { shared_link: token },
    });
    expect(seen.body.data.data.map((x) => [x.frame, x.frame_out])).toEqual([[50, 75]]);
    // a wrong token is refused
    expect((await post({ shared_link: token + 'x', text: 'x', frame: 1, frame_out: 2 })).status).toBe(410);
  });
});
