// system programs: ffmpeg, ffprobe
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { API, MSG, type AssetCommentsPage, type ReviewAnswer, type ShareAnswer } from '@rushes/shared';
import type { TestApp } from '../../../test/harness.ts';
import { realtimeWorld } from '../../../test/realtimeWorld.testkit.ts';
import { send } from '../../../test/inject.ts';
import { connect, next } from '../../../test/realtime-helpers.ts';
import { notifications, shareLinks } from '../../db/schema/index.ts';
import { addMembers, apiProject, bigTeam, call, person, type Person } from '../projects/projects.testkit.ts';
import { h264Mp4 } from '../media/media.testkit.ts';
import { uploadFile } from '../uploads/uploads.testkit.ts';

/** Review comments (spec 002 §3 Asset comments). */
let t: TestApp;
let url: string;
realtimeWorld((w) => ({ t, url } = w), { env: { RATE_LIMIT: 'false' } });

async function world() {
  const a = await person(t, { firstName: 'Ana', lastName: 'Owner' });
  const c = await person(t, { firstName: 'Cy', lastName: 'Editor' });
  const teamId = await bigTeam(t, a, [c.user.id]);
  const projectId = await apiProject(t, a, teamId);
  await addMembers(t, a, projectId, [c]);
  const { done } = await uploadFile(t, a, projectId, randomBytes(2000), { filename: 'cut.mp4' });
  return { a, c, projectId, assetId: done.ingest_db_id as string };
}
const add = (who: Person, body: Record<string, unknown>) =>
  call<{ comment: { _id: string; timecode: string | null } }>(t, 'POST', API.shares.comments, who, body);
const list = (who: Person, assetId: string, q: Record<string, string> = {}) =>
  call<AssetCommentsPage>(t, 'GET', API.shares.comments, who, { ingest_db_id: assetId, ...q });

describe('asset comments', () => {
  it('anchors to a frame with its rate (SMPTE shown), pages by page_no with total_entries in timeline order, replies and resolves', async () => {
    const { a, c, assetId } = await world();
    const first = await add(c, {
      ingest_db_id: assetId,
      text: 'Colour jumps here',
      frame: 120,
      frame_rate: 25,
    });
    expect(first.body.data).toMatchObject({ message: 'Comment added', comment: { timecode: '00:00:04:20' } });
    await add(c, { ingest_db_id: assetId, text: 'Opening', frame: 3, frame_rate: 25 });
    for (let i = 0; i < 3; i++) await add(a, { ingest_db_id: assetId, text: `general ${i}` });
    const drawing = {
      shapes: [
        {
          kind: 'arrow',
          color: '#ff0000',
          points: [
            [0.1, 0.1],
            [0.5, 0.5],
          ],
        },
      ],
    };
    await add(a, { ingest_db_id: assetId, text: 'Look', frame: 50, drawing });
    const reply = await add(a, {
      ingest_db_id: assetId,
      text: 'Fixed in v2',
      comment_id: first.body.data.comment._id,
    });
    expect(reply.status).toBe(200);
    // replies only to top comments of the same asset
    const deep = await add(a, { ingest_db_id: assetId, text: 'x', comment_id: reply.body.data.comment._id });
    expect(deep.body.errormessage).toBe(MSG.commentNotFound);

    const page1 = await list(a, assetId, { entries_per_page: '4' });
    expect(page1.body.data.total_entries).toBe(6);
    expect(page1.body.data.page_no).toBe(1);
    expect(page1.body.data.data.map((x) => x.text)).toEqual([
      'Opening',
      'Look',
      'Colour jumps here',
      'general 0',
    ]);
    expect(page1.body.data.data[1]).toMatchObject({ frame: 50, frame_rate: 25, drawing });
    expect(page1.body.data.data[2].replies.map((r) => r.text)).toEqual(['Fixed in v2']);
    const page2 = await list(a, assetId, { entries_per_page: '4', page_no: '2' });
    expect(page2.body.data.data.map((x) => x.text)).toEqual(['general 1', 'general 2']);

    const resolved = await call(t, 'PUT', API.shares.resolveComment, a, {
      comment_id: first.body.data.comment._id,
      resolved: true,
    });
    expect(resolved.body.data).toEqual({ message: 'Comment resolved' });
    expect((await list(a, assetId)).body.data.data[2].resolved).toBe(true);
    const reopened = await call(t, 'PUT', API.shares.resolveComment, c, {
      comment_id: first.body.data.comment._id,
      resolved: false,
    });
    expect(reopened.body.data).toEqual({ message: 'Comment reopened' });
    expect((await list(a, assetId)).body.data.data[2].resolved).toBe(false);
    // outsiders neither read nor resolve
    const outsider = await person(t);
    expect((await list(outsider, assetId)).status).toBe(403);
    expect(
      (
        await call(t, 'PUT', API.shares.resolveComment, outsider, {
          comment_id: first.body.data.comment._id,
          resolved: true,
        })
      ).status,
    ).toBe(403);
    // validation: text required, drawing shapes checked
    expect((await add(a, { ingest_db_id: assetId, text: '  ' })).body.errormessage).toBe(MSG.required);
    expect(
      (
        await add(a, {
          ingest_db_id: assetId,
          text: 'x',
          drawing: { shapes: [{ kind: 'blob', color: 'red', points: [] }] },
        })
      ).status,
    ).toBe(400);
  });

  it('is live for the project room and notifies the owner once per batch', async () => {
    const { a, c, assetId } = await world();
    const owner = await connect(url, { cookie: a.cookie });
    const projectId = (
      await call<{ project_db_id: string }>(t, 'GET', API.media.asset, a, { ingest_db_id: assetId })
    ).body.data.project_db_id;
    await new Promise((r) => owner.emit('join', `project:${projectId}`, r));
    const heard = next(owner, 'asset_comments_changed');
    await add(c, { ingest_db_id: assetId, text: 'one', frame: 1 });
    expect(await heard).toEqual({ ingest_db_id: assetId });
    const notes = () =>
      t.ctx.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, a.user.id), eq(notifications.notificationType, 'asset_comment')));
    expect((await notes()).map((n) => n.message)).toEqual(['Cy Editor commented on cut.mp4']);
    // more while it is unseen: still one, counting them (the owner's own comments are not news)
    await add(c, { ingest_db_id: assetId, text: 'two', frame: 2 });
    await add(a, { ingest_db_id: assetId, text: 'mine' });
    await add(c, { ingest_db_id: assetId, text: 'three', frame: 3 });
    expect((await notes()).map((n) => n.message)).toEqual(['3 new comments on cut.mp4']);
    // once seen, the next comment is a new notification
    await t.ctx.db.update(notifications).set({ hasSeen: true }).where(eq(notifications.userId, a.user.id));
    await add(c, { ingest_db_id: assetId, text: 'four', frame: 4 });
    expect((await notes()).map((n) => n.message).sort()).toEqual([
      '3 new comments on cut.mp4',
      'Cy Editor commented on cut.mp4',
    ]);
  });
});

describe('guest comments on a review link', () => {
  it('only through a valid, unexpired link, under a typed name, marked as guest', async () => {
    const { a, projectId, assetId } = await world();
    const shared = await call<ShareAnswer>(t, 'POST', API.shares.root, a, {
      project_db_id: projectId,
      ingest_db_id: assetId,
    });
    const token = new URL(shared.body.data.links[0].url, 'http://x').searchParams.get('shared_link')!;
    const post = (body: Record<string, unknown>) =>
      send<{ comment: { author: { is_guest: boolean; name: string } } }>(t, 'POST', API.review.comments, {
        body: { shared_link: token, ...body },
      });
    expect((await post({ text: 'Nice', frame: 120, frame_rate: 25 })).body.errormessage).toBe(
      MSG.guestNameRequired,
    );
    const ok = await post({ guest_name: 'Greta Guest', text: 'Nice', frame: 120, frame_rate: 25 });
    expect(ok.body.data.comment.author).toEqual({ user_id: null, name: 'Greta Guest', is_guest: true });
    const seen = await send<AssetCommentsPage>(t, 'GET', API.review.comments, {
      query: { shared_link: token },
    });
    expect(seen.body.data.data.map((x) => x.text)).toEqual(['Nice']);
    expect((await list(a, assetId)).body.data.data[0].author.is_guest).toBe(true);
    // the owner hears of it
    const notes = await t.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, a.user.id), eq(notifications.notificationType, 'asset_comment')));
    expect(notes[0].message).toBe('Greta Guest commented on cut.mp4');
    // a wrong token, an expired link, a revoked link: refused
    expect(
      (
        await send(t, 'POST', API.review.comments, {
          body: { shared_link: token + 'x', guest_name: 'G', text: 'x' },
        })
      ).status,
    ).toBe(410);
    await t.ctx.db
      .update(shareLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shareLinks.assetId, assetId));
    expect((await post({ guest_name: 'Greta', text: 'late' })).status).toBe(410);
    expect((await send(t, 'GET', API.review.comments, { query: { shared_link: token } })).status).toBe(410);
  });

  it('a passcode link takes guest comments only after the passcode', async () => {
    const { a, projectId, assetId } = await world();
    const shared = await call<ShareAnswer>(t, 'POST', API.shares.root, a, {
      project_db_id: projectId,
      ingest_db_id: assetId,
      settings: [{ field: 'passcode_protection', selected: true }],
      passcode: 'Sesame-123',
    });
    const token = new URL(shared.body.data.links[0].url, 'http://x').searchParams.get('shared_link')!;
    const refused = await send(t, 'POST', API.review.comments, {
      body: { shared_link: token, guest_name: 'G', text: 'x' },
    });
    expect(refused.status).toBe(403);
    const unlocked = await send(t, 'POST', API.review.unlock, {
      body: { shared_link: token, passcode: 'Sesame-123' },
    });
    const cookie = unlocked.setCookie.map((c) => c.split(';')[0]).join('; ');
    const okRes = await send(t, 'POST', API.review.comments, {
      cookie,
      body: { shared_link: token, guest_name: 'G', text: 'x' },
    });
    expect(okRes.status).toBe(200);
  });
});

describe("comments at the asset's real frame rate", () => {
  it('a 24 fps clip: comments store 24 whatever the client sends, the timecode counts 24 frames a second', async () => {
    const { a, c, projectId } = await world();
    const dir = await mkdtemp(path.join(os.tmpdir(), 'rushes-comments-test-'));
    let assetId: string;
    try {
      const clip = await h264Mp4(dir, 1, 24);
      const { done } = await uploadFile(t, a, projectId, clip, { filename: 'film.mp4', mime: 'video/mp4' });
      assetId = done.ingest_db_id as string;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    await t.ctx.jobs.drainForTests();

    // frame 120 at 24 fps is 5 s exactly (at the old fixed 25 it would read 00:00:04:20)
    const member = await add(c, { ingest_db_id: assetId, text: 'Cut here', frame: 120, frame_rate: 25 });
    expect(member.body.data.comment).toMatchObject({ frame_rate: 24, timecode: '00:00:05:00' });

    const shared = await call<ShareAnswer>(t, 'POST', API.shares.root, a, {
      project_db_id: projectId,
      ingest_db_id: assetId,
    });
    const token = new URL(shared.body.data.links[0].url, 'http://x').searchParams.get('shared_link')!;
    const review = await send<ReviewAnswer>(t, 'GET', API.review.root, { query: { shared_link: token } });
    expect(review.body.data).toMatchObject({ state: 'open', frame_rate: 24 });
    const guest = await send<{ comment: { frame_rate: number; timecode: string } }>(
      t,
      'POST',
      API.review.comments,
      { body: { shared_link: token, guest_name: 'Greta', text: 'Flash', frame: 49 } },
    );
    expect(guest.body.data.comment).toMatchObject({ frame_rate: 24, timecode: '00:00:02:01' });

    const page = await list(a, assetId);
    expect(page.body.data.data.map((x) => [x.frame, x.frame_rate, x.timecode])).toEqual([
      [49, 24, '00:00:02:01'],
      [120, 24, '00:00:05:00'],
    ]);
  });
});

describe('comments on a picture', () => {
  it('anchor to a point of a page; a guest pins one through the link until it is revoked', async () => {
    const { a, c, projectId, assetId } = await world();
    const pinned = await add(c, { ingest_db_id: assetId, text: 'Crop here', x: 0.25, y: 0.75 });
    expect(pinned.body.data.comment).toMatchObject({
      page: 1,
      x: 0.25,
      y: 0.75,
      frame: null,
      timecode: null,
    });
    await add(a, { ingest_db_id: assetId, text: 'Page two', page: 2, x: 0.5, y: 0.5 });
    await add(a, { ingest_db_id: assetId, text: 'Overall fine' });
    // a point needs both coordinates, and a comment is on a frame or a point, not both
    expect((await add(a, { ingest_db_id: assetId, text: 'x', x: 0.5 })).body.errormessage).toBe(MSG.required);
    expect(
      (await add(a, { ingest_db_id: assetId, text: 'x', frame: 3, x: 0.5, y: 0.5 })).body.errormessage,
    ).toBe(MSG.commentOneAnchor);
    expect((await add(a, { ingest_db_id: assetId, text: 'x', x: 1.5, y: 0.5 })).status).toBe(400);

    const shared = await call<ShareAnswer>(t, 'POST', API.shares.root, a, {
      project_db_id: projectId,
      ingest_db_id: assetId,
    });
    const { url: linkUrl, share_link_db_id } = shared.body.data.links[0];
    const token = new URL(linkUrl, 'http://x').searchParams.get('shared_link')!;
    const guest = await send<{ comment: { page: number; x: number; author: { is_guest: boolean } } }>(
      t,
      'POST',
      API.review.comments,
      { body: { shared_link: token, guest_name: 'Greta Guest', text: 'Logo too small', x: 0.9, y: 0.1 } },
    );
    expect(guest.body.data.comment).toMatchObject({ page: 1, x: 0.9, author: { is_guest: true } });
    // by page, then in order of writing; unanchored last
    expect((await list(a, assetId)).body.data.data.map((x) => [x.text, x.page])).toEqual([
      ['Crop here', 1],
      ['Logo too small', 1],
      ['Page two', 2],
      ['Overall fine', null],
    ]);
    await call(t, 'PUT', API.shares.revoke, a, { share_link_db_id });
    const late = await send(t, 'POST', API.review.comments, {
      body: { shared_link: token, guest_name: 'Greta Guest', text: 'late', x: 0.1, y: 0.1 },
    });
    expect(late.status).toBe(410);
  });
});
