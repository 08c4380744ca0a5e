import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  MSG,
  SHARE_LINKS_PAGE_SIZE,
  SHARE_LINKS_TEXT,
  type ProjectShareLink,
  type ReviewAnswer,
  type ShareAnswer,
  type ShareLinksPage,
} from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { send } from '../../../test/inject.ts';
import { shareLinkItems, shareLinks } from '../../db/schema/index.ts';
import {
  addMembers,
  apiFolder,
  apiProject,
  bigTeam,
  call,
  insertFile,
  person,
  setCodes,
  type Person,
} from '../projects/projects.testkit.ts';
import { openToken } from './shares.linksSeal.ts';

/** The Share Links page: a project's links, copy again, edit expiry/passcode/download, new links. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'false', LOG_LEVEL: 'error' });
});
afterAll(async () => {
  await t?.close();
});

/** A project of A with three files; C a collaborator (no share code unless given); B a teammate outside it. */
async function world() {
  const a = await person(t, { firstName: 'Ana', lastName: 'Owner' });
  const b = await person(t);
  const c = await person(t);
  const teamId = await bigTeam(t, a, [b.user.id, c.user.id]);
  const projectId = await apiProject(t, a, teamId);
  await addMembers(t, a, projectId, [c]);
  await setCodes(t, projectId, c.user.id, ['download_all_assets']);
  const files = [];
  for (const title of ['a-cut.mp4', 'b-cut.mp4', 'c-cut.mp4'])
    files.push((await insertFile(t, projectId, { title })).id);
  return { a, b, c, projectId, files };
}

const share = (who: Person, body: Record<string, unknown>) =>
  call<ShareAnswer>(t, 'POST', API.shares.root, who, body);
const list = (who: Person, projectId: string, cursor?: string) =>
  call<ShareLinksPage>(t, 'GET', API.shares.links, who, {
    project_db_id: projectId,
    ...(cursor ? { cursor } : {}),
  });
const edit = (who: Person, body: Record<string, unknown>) =>
  call<{ message: string; link: ProjectShareLink; url: string | null }>(
    t,
    'PUT',
    API.shares.links,
    who,
    body,
  );
const linkUrl = (who: Person, linkId: string, host?: string) =>
  send<{ url: string }>(t, 'GET', API.shares.linkUrl, {
    cookie: who.cookie,
    query: { share_link_db_id: linkId },
    ...(host ? { headers: { host } } : {}),
  });
const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('shared_link')!;
const review = (token: string, cookie?: string) =>
  send<ReviewAnswer>(t, 'GET', API.review.root, { query: { shared_link: token }, cookie });
const unlock = (token: string, passcode: string) =>
  send<{ message: string }>(t, 'POST', API.review.unlock, { body: { shared_link: token, passcode } });

describe('the list', () => {
  it('shows each link with its assets, creator, states and views, newest first, by keyset', async () => {
    const { a, projectId, files } = await world();
    const first = await share(a, { project_db_id: projectId, ingest_db_id: files[0] });
    const token = tokenOf(first.body.data.links[0].url);
    await review(token);
    await review(token);
    const res = await list(a, projectId);
    expect(res.status).toBe(200);
    expect(res.body.data.can_allow_download).toBe(true);
    expect(res.body.data.links).toHaveLength(1);
    const [link] = res.body.data.links;
    expect(link).toMatchObject({
      share_link_db_id: first.body.data.links[0].share_link_db_id,
      kind: 'asset',
      title: 'a-cut.mp4',
      assets: [{ ingest_db_id: files[0], title: 'a-cut.mp4' }],
      asset_count: 1,
      folder: null,
      shared_by: 'Ana Owner',
      is_expired: false,
      is_revoked: false,
      passcode_protection: false,
      is_download_allowed: false,
      watermark: false,
      views: 2,
      can_copy: true,
    });
    expect(Date.parse(link.last_viewed_on!)).toBeGreaterThan(Date.now() - 60_000);

    // more than a page: every link once, newest first (the second share is newer)
    const more = [];
    for (let i = 0; i < SHARE_LINKS_PAGE_SIZE; i++)
      more.push((await insertFile(t, projectId, { title: `shot-${i}.mp4` })).id);
    const [head, ...rest] = more;
    await share(a, { project_db_id: projectId, ingest_db_id: head, ingest_db_ids: rest });
    const page1 = await list(a, projectId);
    expect(page1.body.data.links).toHaveLength(SHARE_LINKS_PAGE_SIZE);
    expect(page1.body.data.next_cursor).toBeTruthy();
    const page2 = await list(a, projectId, page1.body.data.next_cursor!);
    const ids = [...page1.body.data.links, ...page2.body.data.links].map((l) => l.share_link_db_id);
    expect(new Set(ids).size).toBe(SHARE_LINKS_PAGE_SIZE + 1);
    expect(page2.body.data.links.at(-1)!.share_link_db_id).toBe(link.share_link_db_id);
    expect(page2.body.data.next_cursor).toBeNull();
    expect((await list(a, projectId, 'not-a-cursor')).status).toBe(400);
  });
});

describe('one link for several assets, a folder as a link', () => {
  it('makes one link holding the assets in order, and a folder link', async () => {
    const { a, projectId, files } = await world();
    const ordered = [files[2], files[0], files[1]];
    const made = await share(a, {
      project_db_id: projectId,
      ingest_db_id: ordered[0],
      ingest_db_ids: ordered.slice(1),
      as_one_link: true,
    });
    expect(made.status).toBe(200);
    expect(made.body.data.links).toHaveLength(1);
    const linkId = made.body.data.links[0].share_link_db_id;
    const [row] = await t.ctx.db.select().from(shareLinks).where(eq(shareLinks.id, linkId));
    expect(row).toMatchObject({ kind: 'assets', assetId: ordered[0] });
    // sealed: the token is not readable in the row, and opens under the server's secret only
    const token = tokenOf(made.body.data.links[0].url);
    expect(row.tokenSealed).not.toContain(token);
    expect(openToken(t.ctx.secret, linkId, row.tokenSealed!)).toBe(token);
    expect(openToken('another secret', linkId, row.tokenSealed!)).toBeNull();
    expect(openToken(t.ctx.secret, files[0], row.tokenSealed!)).toBeNull();
    const items = await t.ctx.db
      .select()
      .from(shareLinkItems)
      .where(eq(shareLinkItems.linkId, linkId))
      .orderBy(asc(shareLinkItems.position));
    expect(items.map((i) => i.assetId)).toEqual(ordered);
    expect((await review(token)).body.data.state).toBe('open');

    const folderId = await apiFolder(t, a, projectId, 'Dailies');
    await insertFile(t, projectId, { title: 'in-folder.mp4', parentId: folderId });
    const folder = await share(a, { project_db_id: projectId, folder_db_id: folderId });
    expect(folder.status).toBe(200);
    expect(folder.body.data.links).toEqual([
      expect.objectContaining({ ingest_db_id: folderId, url: expect.stringMatching(/^\/review\?/) }),
    ]);
    const links = (await list(a, projectId)).body.data.links;
    expect(links[0]).toMatchObject({ kind: 'folder', folder: { ingest_db_id: folderId, title: 'Dailies' } });
    expect(links[1]).toMatchObject({
      kind: 'assets',
      title: 'c-cut.mp4 and 2 more',
      asset_count: 3,
      assets: [{ title: 'c-cut.mp4' }, { title: 'a-cut.mp4' }, { title: 'b-cut.mp4' }],
    });

    // a file named as a folder, a folder with files, an asset and a folder, nothing at all
    expect((await share(a, { project_db_id: projectId, folder_db_id: files[0] })).body.errormessage).toBe(
      SHARE_LINKS_TEXT.folderNotFound,
    );
    const both = await share(a, { project_db_id: projectId, folder_db_id: folderId, ingest_db_id: files[0] });
    expect(both.status).toBe(400);
    expect((await share(a, { project_db_id: projectId })).body.errormessage).toBe(MSG.required);
    // another project's folder
    const other = await apiProject(t, a);
    expect((await share(a, { project_db_id: other, folder_db_id: folderId })).body.errormessage).toBe(
      SHARE_LINKS_TEXT.folderNotFound,
    );
  });
});

describe('copy again', () => {
  it("answers the link on the browser's origin; its token opens the review", async () => {
    const { a, projectId, files } = await world();
    const made = await share(a, { project_db_id: projectId, ingest_db_id: files[0] });
    const linkId = made.body.data.links[0].share_link_db_id;
    const lan = await linkUrl(a, linkId, '192.168.1.20:8080');
    expect(lan.status).toBe(200);
    expect(lan.body.data.url).toBe(`http://192.168.1.20:8080${made.body.data.links[0].url}`);
    expect((await review(tokenOf(lan.body.data.url))).body.data.state).toBe('open');
    // from the loopback, PUBLIC_URL (loopback too in tests: there is nothing else to give)
    expect((await linkUrl(a, linkId, 'localhost:3000')).body.data.url).toMatch(
      /^http:\/\/localhost:3000\/review\?shared_link=/,
    );
  });

  it('a link made before tokens were sealed gets a new address: the old one stops working', async () => {
    const { a, projectId, files } = await world();
    const made = await share(a, { project_db_id: projectId, ingest_db_id: files[0] });
    const linkId = made.body.data.links[0].share_link_db_id;
    const oldToken = tokenOf(made.body.data.links[0].url);
    await t.ctx.db.update(shareLinks).set({ tokenSealed: null }).where(eq(shareLinks.id, linkId));
    expect((await list(a, projectId)).body.data.links[0].can_copy).toBe(false);
    const refused = await linkUrl(a, linkId);
    expect(refused.status).toBe(409);
    expect(refused.body.errormessage).toBe(SHARE_LINKS_TEXT.cannotCopy);
    const renewed = await edit(a, { share_link_db_id: linkId, new_token: true });
    expect(renewed.status).toBe(200);
    expect(renewed.body.data.link.can_copy).toBe(true);
    expect((await review(oldToken)).body.data).toEqual({ state: 'expired' });
    expect((await review(tokenOf(renewed.body.data.url!))).body.data.state).toBe('open');
    expect(tokenOf((await linkUrl(a, linkId)).body.data.url)).toBe(tokenOf(renewed.body.data.url!));
  });
});

describe('edit', () => {
  it('answers the spec texts for expiry and passcode', async () => {
    const { a, projectId, files } = await world();
    const made = await share(a, { project_db_id: projectId, ingest_db_id: files[0] });
    const id = made.body.data.links[0].share_link_db_id;
    const errorOf = async (body: Record<string, unknown>) => {
      const res = await edit(a, { share_link_db_id: id, ...body });
      expect(res.status).toBe(400);
      return res.body.errormessage;
    };
    expect(await errorOf({ duration: '2x' })).toBe('Enter numbers only');
    expect(await errorOf({ duration: 0 })).toBe('Expiration duration must be between 1 to 120 hours');
    expect(await errorOf({ duration: '121' })).toBe('Expiration duration must be between 1 to 120 hours');
    expect(await errorOf({ passcode_protection: true })).toBe('This field is required');
    expect(await errorOf({ passcode_protection: true, passcode: 'abc defgh' })).toBe(
      'Remove all the blank spaces',
    );
    expect(await errorOf({ passcode_protection: true, passcode: 'short7x' })).toBe(
      'Use min 8 and max 16 characters',
    );
  });

  it('expiry from now, passcode set, changed and removed take effect on the review page', async () => {
    const { a, projectId, files } = await world();
    const made = await share(a, { project_db_id: projectId, ingest_db_id: files[0], duration: 2 });
    const id = made.body.data.links[0].share_link_db_id;
    const token = tokenOf(made.body.data.links[0].url);
    // an expired link lives again for the hours given
    await t.ctx.db
      .update(shareLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shareLinks.id, id));
    expect((await review(token)).body.data.state).toBe('expired');
    const longer = await edit(a, { share_link_db_id: id, duration: '120' });
    expect(longer.body.data.message).toBe(SHARE_LINKS_TEXT.linkUpdated);
    expect(
      Math.abs(Date.parse(longer.body.data.link.expires_on) - Date.now() - 120 * 3_600_000),
    ).toBeLessThan(60_000);
    expect((await review(token)).body.data.state).toBe('open');

    const locked = await edit(a, {
      share_link_db_id: id,
      passcode_protection: true,
      passcode: 'Sesame-2026',
    });
    expect(locked.body.data.link.passcode_protection).toBe(true);
    expect((await review(token)).body.data.state).toBe('passcode');
    const granted = await unlock(token, 'Sesame-2026');
    expect(granted.status).toBe(200);
    const cookie = granted.setCookie[0].split(';')[0];
    expect((await review(token, cookie)).body.data.state).toBe('open');
    // keeping the passcode (no new one) keeps the grants; a new one asks again
    await edit(a, { share_link_db_id: id, passcode_protection: true, watermark: true });
    expect((await review(token, cookie)).body.data.state).toBe('open');
    await edit(a, { share_link_db_id: id, passcode_protection: true, passcode: 'Another-2026' });
    expect((await review(token, cookie)).body.data.state).toBe('passcode');
    expect((await unlock(token, 'Sesame-2026')).status).toBe(400);
    expect((await unlock(token, 'Another-2026')).status).toBe(200);
    const open = await edit(a, {
      share_link_db_id: id,
      passcode_protection: false,
      is_download_allowed: true,
    });
    expect(open.body.data.link).toMatchObject({
      passcode_protection: false,
      is_download_allowed: true,
      watermark: true,
    });
    expect((await review(token)).body.data.state).toBe('open');
  });

  it('revoke: the review answers expired, the link stays revoked', async () => {
    const { a, projectId, files } = await world();
    const made = await share(a, { project_db_id: projectId, ingest_db_id: files[0] });
    const id = made.body.data.links[0].share_link_db_id;
    const token = tokenOf(made.body.data.links[0].url);
    expect((await call(t, 'PUT', API.shares.revoke, a, { share_link_db_id: id })).status).toBe(200);
    expect((await review(token)).body.data).toEqual({ state: 'expired' });
    expect((await list(a, projectId)).body.data.links[0].is_revoked).toBe(true);
    expect((await linkUrl(a, id)).status).toBe(410);
    expect((await edit(a, { share_link_db_id: id, duration: 5 })).status).toBe(410);
    expect((await review(token)).body.data).toEqual({ state: 'expired' });
  });
});

describe('who may', () => {
  it('members without a share code, other teams and other projects are refused', async () => {
    const { a, b, c, projectId, files } = await world();
    const made = await share(a, { project_db_id: projectId, ingest_db_id: files[0] });
    const id = made.body.data.links[0].share_link_db_id;
    // C is a member without a share code; B is not a member
    expect((await list(c, projectId)).body.errormessage).toBe(MSG.cannotShare);
    expect((await list(b, projectId)).status).toBe(403);
    for (const who of [b, c]) {
      expect((await linkUrl(who, id)).body.errormessage).toBe(MSG.linkNotFound);
      const res = await edit(who, { share_link_db_id: id, duration: 5 });
      expect(res.status).toBe(403);
      expect(res.body.errormessage).toBe(MSG.linkNotFound);
      expect((await call(t, 'PUT', API.shares.revoke, who, { share_link_db_id: id })).status).toBe(403);
    }
    // B's own project: A's link is not one of its links, and B's list does not show it
    const bProject = await apiProject(t, b);
    expect((await list(b, bProject)).body.data.links).toEqual([]);
    // with a share code C sees and edits them; allowing downloads needs C's own download right
    await setCodes(t, projectId, c.user.id, ['can_share_to_download_rushesio_assets']);
    expect((await list(c, projectId)).body.data).toMatchObject({ can_allow_download: false });
    expect((await edit(c, { share_link_db_id: id, duration: 5 })).status).toBe(200);
    expect((await edit(c, { share_link_db_id: id, is_download_allowed: true })).status).toBe(403);
    expect((await linkUrl(c, id)).status).toBe(200);
  });
});
