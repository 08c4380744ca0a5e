import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  API,
  MSG,
  mediaFileUrl,
  type ReviewAnswer,
  type ShareAnswer,
  type SharedAssetsPage,
  type SharedUsers,
} from '@rushes/shared';
import type { TestApp } from '../../../test/harness.ts';
import { realtimeWorld } from '../../../test/realtimeWorld.testkit.ts';
import { mailsTo, send } from '../../../test/inject.ts';
import { connect, next } from '../../../test/realtime-helpers.ts';
import { mailOutbox, notifications, shareLinks } from '../../db/schema/index.ts';
import {
  addMembers,
  apiProject,
  bigTeam,
  call,
  person,
  setCodes,
  type Person,
} from '../projects/projects.testkit.ts';
import { uploadFile } from '../uploads/uploads.testkit.ts';

/** Sharing to people (spec 002 §3–§8) and review links. */
let t: TestApp;
let url: string;
realtimeWorld((w) => ({ t, url } = w), { env: { RATE_LIMIT: 'false', LOG_LEVEL: 'error' } });

/** A team with A (owner), B (teammate, not in the project) and C (project collaborator); one uploaded file. */
async function world() {
  const a = await person(t, { firstName: 'Ana', lastName: 'Owner' });
  const b = await person(t, { firstName: 'Ben', lastName: 'Viewer' });
  const c = await person(t);
  const teamId = await bigTeam(t, a, [b.user.id, c.user.id]);
  const projectId = await apiProject(t, a, teamId);
  await addMembers(t, a, projectId, [c]);
  const { done } = await uploadFile(t, a, projectId, randomBytes(4000), { filename: 'cut.mp4' });
  return { a, b, c, projectId, assetId: done.ingest_db_id as string };
}

const share = (who: Person, body: Record<string, unknown>) =>
  call<ShareAnswer>(t, 'POST', API.shares.root, who, body);
const tokenOf = (path: string) => new URL(path, 'http://x').searchParams.get('shared_link')!;
const review = (token: string, opts: { cookie?: string; remoteAddress?: string } = {}) =>
  send<ReviewAnswer>(t, 'GET', API.review.root, { query: { shared_link: token }, ...opts });
const unlock = (token: string, passcode: string, opts: { cookie?: string; remoteAddress?: string } = {}) =>
  send<{ message: string }>(t, 'POST', API.review.unlock, {
    body: { shared_link: token, passcode },
    ...opts,
  });

describe('share validation (spec 002 §5)', () => {
  it('answers the spec texts for duration and passcode, and defaults the duration to 48 h', async () => {
    const { a, b, projectId, assetId } = await world();
    const base = { project_db_id: projectId, ingest_db_id: assetId, user_ids: [b.user.id] };
    const errorOf = async (body: Record<string, unknown>) => {
      const res = await share(a, { ...base, ...body });
      expect(res.status).toBe(400);
      return res.body.errormessage;
    };
    expect(await errorOf({ duration: '4a' })).toBe('Enter numbers only');
    expect(await errorOf({ duration: '1.5' })).toBe('Enter numbers only');
    expect(await errorOf({ duration: 0 })).toBe('Expiration duration must be between 1 to 120 hours');
    expect(await errorOf({ duration: '121' })).toBe('Expiration duration must be between 1 to 120 hours');
    const on = [{ field: 'passcode_protection', selected: true }];
    expect(await errorOf({ settings: on })).toBe('This field is required');
    expect(await errorOf({ settings: on, passcode: 'abc defgh' })).toBe('Remove all the blank spaces');
    expect(await errorOf({ settings: on, passcode: 'short7x' })).toBe('Use min 8 and max 16 characters');
    expect(await errorOf({ settings: on, passcode: 'x'.repeat(17) })).toBe('Use min 8 and max 16 characters');
    // passcode ignored while protection is off; duration 120 and 1 are fine; default 48
    expect((await share(a, { ...base, passcode: 'a b', duration: '120' })).body.response).toBe(true);
    const made = await share(a, base);
    expect(made.body.data.message).toBe('Asset shared successfully');
    const [link] = await t.ctx.db
      .select()
      .from(shareLinks)
      .where(eq(shareLinks.id, made.body.data.links[0].share_link_db_id));
    expect(link.durationHours).toBe(48);
    expect(Math.abs(link.expiresAt.getTime() - Date.now() - 48 * 3_600_000)).toBeLessThan(60_000);
  });
});

describe("a link with nobody named (the panel's Copy link)", () => {
  it('answers the review link; nobody is mailed, notified or given a tray card; the link opens the asset', async () => {
    const { a, b, projectId, assetId } = await world();
    const before = await t.ctx.db.select().from(mailOutbox);
    const made = await share(a, { project_db_id: projectId, ingest_db_id: assetId });
    expect(made.status).toBe(200);
    expect(made.body.data.links).toHaveLength(1);
    const { url: path, ingest_db_id } = made.body.data.links[0];
    expect(ingest_db_id).toBe(assetId);
    expect(path).toMatch(/^\/review\?shared_link=[A-Za-z0-9_-]{43}$/);
    expect(await t.ctx.db.select().from(mailOutbox)).toHaveLength(before.length);
    const notes = await t.ctx.db.select().from(notifications).where(eq(notifications.assetId, assetId));
    expect(notes).toEqual([]);
    const tray = await call<SharedAssetsPage>(t, 'GET', API.projects.trays, b, {
      tray_name: 'shared_assets',
    });
    expect(tray.body.data.data).toEqual([]);
    const users = await call<SharedUsers>(t, 'GET', API.shares.users, a, { ingest_db_id: assetId });
    expect(users.body.data).toMatchObject({ users: [], user_emails: [], shared_count: 0 });
    expect(users.body.data.links).toHaveLength(1);
    expect((await review(tokenOf(path))).body.data).toMatchObject({ state: 'open', ingest_db_id: assetId });
  });
});

describe('share to people', () => {
  it('B hears it live in Shared Assets, gets a notification and a mail; the e-mail shows Pending until it joins', async () => {
    const { a, b, projectId, assetId } = await world();
    const socket = await connect(url, { cookie: b.cookie });
    const added = next(socket, 'shared_asset_add');
    const res = await share(a, {
      project_db_id: projectId,
      ingest_db_id: assetId,
      user_ids: [b.user.id],
      user_emails: ['New.Person@Example.com'],
      duration: '24',
    });
    expect(res.body).toMatchObject({ response: true, data: { message: 'Asset shared successfully' } });
    expect((await added).asset).toMatchObject({ ingest_db_id: assetId, title: 'cut.mp4' });
    const notes = await t.ctx.db.select().from(notifications).where(eq(notifications.userId, b.user.id));
    expect(notes.map((n) => n.notificationType)).toContain('asset_shared');
    const url0 = res.body.data.links[0].url;
    expect((await mailsTo(t.ctx, b.email))[0].text).toContain(url0);
    expect((await mailsTo(t.ctx, 'new.person@example.com'))[0].text).toContain(url0);

    const users = await call<SharedUsers>(t, 'GET', API.shares.users, a, { ingest_db_id: assetId });
    expect(users.body.data).toMatchObject({
      users: [{ user_id: b.user.id, name: 'Ben Viewer' }],
      user_emails: ['new.person@example.com'],
      shared_count: 2,
      can_remove: true,
    });
    // the invitee signs up: their tray claims the share, the e-mail is no longer pending
    const newcomer = await person(t);
    await t.ctx.db.execute(
      `update users set email = 'new.person@example.com' where id = '${newcomer.user.id}'` as never,
    );
    const tray = await call<SharedAssetsPage>(t, 'GET', API.projects.trays, newcomer, {
      tray_name: 'shared_assets',
    });
    expect(tray.body.data.data.map((c) => c.ingest_db_id)).toEqual([assetId]);
    const after = await call<SharedUsers>(t, 'GET', API.shares.users, a, { ingest_db_id: assetId });
    expect(after.body.data.user_emails).toEqual([]);
    expect(after.body.data.shared_count).toBe(2);
  });

  it('removing a shared user needs a share code; success answers Deleted user successfully', async () => {
    const { a, b, c, projectId, assetId } = await world();
    await share(a, {
      project_db_id: projectId,
      ingest_db_id: assetId,
      user_ids: [b.user.id],
      user_emails: ['x1@example.com'],
    });
    await setCodes(t, projectId, c.user.id, ['download_all_assets']);
    const refused = await call(t, 'PUT', API.shares.root, c, {
      ingest_db_id: assetId,
      user_db_id: b.user.id,
    });
    expect(refused.body).toMatchObject({ response: false });
    expect(refused.status).toBe(403);
    const seen = await call<SharedUsers>(t, 'GET', API.shares.users, c, { ingest_db_id: assetId });
    expect(seen.body.data.can_remove).toBe(false);
    await setCodes(t, projectId, c.user.id, ['can_share_to_download_all_assets']);
    const socket = await connect(url, { cookie: b.cookie });
    const gone = next(socket, 'shared_asset_delete');
    const removed = await call(t, 'PUT', API.shares.root, c, {
      ingest_db_id: assetId,
      user_db_id: b.user.id,
    });
    expect(removed.body.data).toEqual({ message: 'Deleted user successfully' });
    await gone;
    const byEmail = await call(t, 'PUT', API.shares.root, a, {
      ingest_db_id: assetId,
      user_email: 'x1@example.com',
    });
    expect(byEmail.body.data).toEqual({ message: 'Deleted user successfully' });
    const again = await call(t, 'PUT', API.shares.root, a, { ingest_db_id: assetId, user_db_id: b.user.id });
    expect(again.body.response).toBe(false);
    const list = await call<SharedUsers>(t, 'GET', API.shares.users, a, { ingest_db_id: assetId });
    expect(list.body.data.shared_count).toBe(0);
    // an outsider cannot read or share
    const outsider = await person(t);
    expect((await call(t, 'GET', API.shares.users, outsider, { ingest_db_id: assetId })).status).toBe(403);
    expect((await share(outsider, { project_db_id: projectId, ingest_db_id: assetId })).status).toBe(403);
  });
});

describe('downloads of originals', () => {
  it('a collaborator without download_all_assets / share_to_download_all_assets cannot fetch the original; with either one can', async () => {
    const { c, projectId, assetId } = await world();
    const fetchOriginal = () =>
      t.app.inject({ method: 'GET', url: mediaFileUrl(assetId, 'original'), headers: { cookie: c.cookie } });
    await setCodes(t, projectId, c.user.id, ['can_upload_assets']);
    const refused = await fetchOriginal();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errormessage).toBe(MSG.downloadNotAllowed);
    const detail = await call<{ original_url: string | null }>(t, 'GET', API.media.asset, c, {
      ingest_db_id: assetId,
    });
    expect(detail.body.data.original_url).toBeNull();
    await setCodes(t, projectId, c.user.id, ['download_all_assets']);
    expect((await fetchOriginal()).statusCode).toBe(200);
    await setCodes(t, projectId, c.user.id, ['share_to_download_all_assets']);
    const ok = await fetchOriginal();
    expect(ok.statusCode).toBe(200);
    expect(ok.rawPayload.length).toBe(4000);
  });
});

describe('review links', () => {
  it('carry 256-bit tokens stored only as hashes; expire; revoke at once; record views', async () => {
    const { a, projectId, assetId } = await world();
    const made = await share(a, {
      project_db_id: projectId,
      ingest_db_id: assetId,
      duration: 1,
      settings: [{ field: 'is_download_allowed', selected: true }],
    });
    expect(made.body.errormessage).toBe('');
    const { url: path, share_link_db_id } = made.body.data.links[0];
    const token = tokenOf(path);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(token.length).toBeGreaterThanOrEqual(43);
    const [row] = await t.ctx.db.select().from(shareLinks).where(eq(shareLinks.id, share_link_db_id));
    expect(JSON.stringify(row)).not.toContain(token);
    const open = await review(token);
    expect(open.body.data).toMatchObject({ state: 'open', ingest_db_id: assetId, title: 'cut.mp4' });
    const dl = await t.app.inject({
      method: 'GET',
      url: (open.body.data as { download_url: string }).download_url,
    });
    expect(dl.statusCode).toBe(200);
    expect(String(dl.headers['content-disposition'])).toContain('attachment');
    expect((await review(token + 'x')).body.data).toEqual({ state: 'expired' });
    const users = await call<SharedUsers>(t, 'GET', API.shares.users, a, { ingest_db_id: assetId });
    expect(users.body.data.links[0]).toMatchObject({ share_link_db_id, views: 1, is_download_allowed: true });
    // the open page refreshing itself is not a new view; opening it again is
    await send(t, 'GET', API.review.root, { query: { shared_link: token, again: '1' } });
    const refreshed = await call<SharedUsers>(t, 'GET', API.shares.users, a, { ingest_db_id: assetId });
    expect(refreshed.body.data.links[0].views).toBe(1);
    await review(token);
    const reopened = await call<SharedUsers>(t, 'GET', API.shares.users, a, { ingest_db_id: assetId });
    expect(reopened.body.data.links[0].views).toBe(2);
    // past its time
    await t.ctx.db
      .update(shareLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shareLinks.id, share_link_db_id));
    expect((await review(token)).body.data).toEqual({ state: 'expired' });
    expect(
      (await t.app.inject({ method: 'GET', url: `${API.review.file}?shared_link=${token}&kind=play` }))
        .statusCode,
    ).toBe(410);
    // revoked
    const other = await share(a, { project_db_id: projectId, ingest_db_id: assetId });
    const token2 = tokenOf(other.body.data.links[0].url);
    expect((await review(token2)).body.data.state).toBe('open');
    const stranger = await person(t);
    expect(
      (
        await call(t, 'PUT', API.shares.revoke, stranger, {
          share_link_db_id: other.body.data.links[0].share_link_db_id,
        })
      ).status,
    ).toBe(403);
    const revoked = await call(t, 'PUT', API.shares.revoke, a, {
      share_link_db_id: other.body.data.links[0].share_link_db_id,
    });
    expect(revoked.body.data).toEqual({ message: 'Link revoked successfully' });
    expect((await review(token2)).body.data).toEqual({ state: 'expired' });
  });

  it('without download allowed the original is refused but the page plays', async () => {
    const { a, projectId, assetId } = await world();
    const token = tokenOf(
      (await share(a, { project_db_id: projectId, ingest_db_id: assetId })).body.data.links[0].url,
    );
    const open = (await review(token)).body.data as { download_url: string | null };
    expect(open.download_url).toBeNull();
    const res = await t.app.inject({
      method: 'GET',
      url: `${API.review.file}?shared_link=${token}&kind=original`,
    });
    expect(res.statusCode).toBe(403);
  });

  it('passcode gate: slowed per address and per link; the owner is never locked out; a right passcode opens it', async () => {
    const { a, b, projectId, assetId } = await world();
    const made = await share(a, {
      project_db_id: projectId,
      ingest_db_id: assetId,
      user_ids: [b.user.id],
      settings: [{ field: 'passcode_protection', selected: true }],
      passcode: 'Sesame-123',
    });
    const token = tokenOf(made.body.data.links[0].url);
    expect((await review(token)).body.data).toEqual({ state: 'passcode', title: 'cut.mp4' });
    expect(
      (await t.app.inject({ method: 'GET', url: `${API.review.file}?shared_link=${token}&kind=play` }))
        .statusCode,
    ).toBe(403);
    // one address: 5 wrong tries answered as wrong, then it must wait (even the right passcode)
    const one = '10.99.0.1';
    for (let i = 0; i < 5; i++)
      expect((await unlock(token, 'wrong-pass', { remoteAddress: one })).body.errormessage).toBe(
        'Incorrect passcode',
      );
    expect((await unlock(token, 'wrong-pass', { remoteAddress: one })).status).toBe(429);
    expect((await unlock(token, 'Sesame-123', { remoteAddress: one })).status).toBe(429);
    // many addresses: the link takes 30 tries a minute from non-recipients, then slows everyone outside
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++)
      statuses.push((await unlock(token, `guess-${i}xx`, { remoteAddress: `10.98.${i}.1` })).status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(10);
    // the owner (a project member) never meets the gate
    expect((await review(token, { cookie: a.cookie })).body.data.state).toBe('open');
    // a named recipient is not held by the per-link slowdown
    const mine = await unlock(token, 'Sesame-123', { cookie: b.cookie, remoteAddress: '10.97.0.1' });
    expect(mine.status).toBe(200);
    const grant = mine.setCookie.map((c) => c.split(';')[0]).join('; ');
    expect((await review(token, { cookie: grant })).body.data.state).toBe('open');
    const file = await t.app.inject({
      method: 'GET',
      url: `${API.review.file}?shared_link=${token}&kind=thumbnail`,
      headers: { cookie: grant },
    });
    expect(file.statusCode).not.toBe(403);
  });

  it('a tray card opens the review page for its logged-in recipient only (shared_asset)', async () => {
    const { a, b, projectId, assetId } = await world();
    await share(a, {
      project_db_id: projectId,
      ingest_db_id: assetId,
      user_ids: [b.user.id],
      settings: [{ field: 'is_download_allowed', selected: true }],
    });
    const tray = await call<SharedAssetsPage>(t, 'GET', API.projects.trays, b, {
      tray_name: 'shared_assets',
    });
    const shareId = tray.body.data.data[0].share_id;
    const byCard = (cookie?: string) =>
      send<ReviewAnswer>(t, 'GET', API.review.root, { query: { shared_asset: shareId }, cookie });
    const mine = await byCard(b.cookie);
    expect(mine.body.data).toMatchObject({ state: 'open', ingest_db_id: assetId });
    const download = (mine.body.data as { download_url: string }).download_url;
    expect(download).toContain(`shared_asset=${shareId}`);
    const fetchAs = (cookie?: string) =>
      t.app.inject({ method: 'GET', url: download, headers: cookie ? { cookie } : {} });
    expect((await fetchAs(b.cookie)).statusCode).toBe(200);
    expect((await fetchAs()).statusCode).toBe(410);
    const other = await person(t);
    expect((await byCard(other.cookie)).body.data).toEqual({ state: 'expired' });
    expect((await byCard()).body.data).toEqual({ state: 'expired' });
    // removed from the share: the card no longer opens
    await call(t, 'PUT', API.shares.root, a, { ingest_db_id: assetId, user_db_id: b.user.id });
    expect((await byCard(b.cookie)).body.data).toEqual({ state: 'expired' });
  });
});
