import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  API,
  MSG,
  type AssetItem,
  type ReviewAnswer,
  type ShareAnswer,
  type VersionsAnswer,
} from '@rushes/shared';
import { assets } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { send } from '../../../test/inject.ts';
import { addMembers, apiProject, bigTeam, call, person, setCodes } from '../projects/projects.testkit.ts';
import { uploadFile } from '../uploads/uploads.testkit.ts';

/** Version stacks and review-link stability. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

type Open = Extract<ReviewAnswer, { state: 'open' }>;

describe('version stacks', () => {
  it('stack newest last, hide newer versions from the folder, and the same link shows the newest with every version to switch to', async () => {
    const a = await person(t);
    const c = await person(t);
    const teamId = await bigTeam(t, a, [c.user.id]);
    const projectId = await apiProject(t, a, teamId);
    await addMembers(t, a, projectId, [c]);
    const up = async (name: string) =>
      (await uploadFile(t, a, projectId, randomBytes(1500), { filename: name })).done.ingest_db_id as string;
    const v1 = await up('cut.mp4');
    const shared = await call<ShareAnswer>(t, 'POST', API.shares.root, a, {
      project_db_id: projectId,
      ingest_db_id: v1,
    });
    const token = new URL(shared.body.data.links[0].url, 'http://x').searchParams.get('shared_link')!;
    const review = async (extra: Record<string, string> = {}) =>
      (await send<ReviewAnswer>(t, 'GET', API.review.root, { query: { shared_link: token, ...extra } })).body
        .data as Open;
    expect((await review()).versions.map((v) => v.version)).toEqual([1]);

    const v2 = await up('cut-v2.mp4');
    const added = await call<VersionsAnswer & { message: string }>(t, 'POST', API.shares.versions, a, {
      ingest_db_id: v1,
      version_ingest_db_id: v2,
    });
    expect(added.body.data.message).toBe('New version added');
    const v3 = await up('cut-v3.mp4');
    // stacking onto any version of the stack adds to its root
    await call(t, 'POST', API.shares.versions, a, { ingest_db_id: v2, version_ingest_db_id: v3 });
    const stack = await call<VersionsAnswer>(t, 'GET', API.shares.versions, c, { ingest_db_id: v3 });
    expect(stack.body.data.versions).toEqual([
      { ingest_db_id: v1, version: 1, title: 'cut.mp4' },
      { ingest_db_id: v2, version: 2, title: 'cut-v2.mp4' },
      { ingest_db_id: v3, version: 3, title: 'cut-v3.mp4' },
    ]);
    // the folder lists the stack once (its root)
    const listed = await call<{ items: { ingest_db_id: string }[] }>(t, 'GET', API.assets.root, a, {
      project_db_id: projectId,
    });
    const ids = JSON.stringify(listed.body.data);
    expect(ids).toContain(v1);
    expect(ids).not.toContain(v2);
    expect(ids).not.toContain(v3);
    // …under the newest version's name and duration, with its version number
    await t.ctx.db.update(assets).set({ durationSeconds: 42 }).where(eq(assets.id, v3));
    const row = async (path: string, query: Record<string, string>) =>
      (
        await call<{ items: AssetItem[] }>(t, 'GET', path, a, { project_db_id: projectId, ...query })
      ).body.data.items.find((x) => x.ingest_db_id === v1);
    const newestRow = { title: 'cut-v3.mp4', duration: 42, version_no: 3 };
    expect(await row(API.assets.root, {})).toMatchObject(newestRow);
    expect(await row(API.assets.search, { search_text: 'cut' })).toMatchObject(newestRow);

    // the same link: newest by default, any version on request, files of that version
    const newest = await review();
    expect(newest).toMatchObject({ ingest_db_id: v3, version: 3, title: 'cut-v3.mp4' });
    expect(newest.versions.map((v) => v.ingest_db_id)).toEqual([v1, v2, v3]);
    const older = await review({ ingest_db_id: v1 });
    expect(older).toMatchObject({ ingest_db_id: v1, version: 1 });
    const foreign = await up('other.mp4');
    expect((await review({ ingest_db_id: foreign })).ingest_db_id).toBe(v3);
    // guest comments land on the version shown; older versions keep theirs
    await send(t, 'POST', API.review.comments, {
      body: { shared_link: token, ingest_db_id: v1, guest_name: 'G', text: 'on v1' },
    });
    await send(t, 'POST', API.review.comments, {
      body: { shared_link: token, guest_name: 'G', text: 'on v3' },
    });
    const onV1 = await call<{ data: { text: string }[] }>(t, 'GET', API.shares.comments, a, {
      ingest_db_id: v1,
    });
    expect(onV1.body.data.data.map((x) => x.text)).toEqual(['on v1']);
    const onV3 = await call<{ data: { text: string }[] }>(t, 'GET', API.shares.comments, a, {
      ingest_db_id: v3,
    });
    expect(onV3.body.data.data.map((x) => x.text)).toEqual(['on v3']);

    // refusals: a version twice, a root onto itself, without can_upload_assets, another project
    expect(
      (await call(t, 'POST', API.shares.versions, a, { ingest_db_id: v1, version_ingest_db_id: v2 })).body
        .errormessage,
    ).toBe(MSG.versionNotAllowed);
    expect(
      (await call(t, 'POST', API.shares.versions, a, { ingest_db_id: v2, version_ingest_db_id: v1 })).body
        .errormessage,
    ).toBe(MSG.versionNotAllowed);
    await setCodes(t, projectId, c.user.id, []);
    expect(
      (await call(t, 'POST', API.shares.versions, c, { ingest_db_id: v1, version_ingest_db_id: foreign }))
        .status,
    ).toBe(403);
    const elsewhere = await apiProject(t, a, teamId);
    const x = (await uploadFile(t, a, elsewhere, randomBytes(100), { filename: 'x.mp4' })).done
      .ingest_db_id as string;
    expect(
      (await call(t, 'POST', API.shares.versions, a, { ingest_db_id: v1, version_ingest_db_id: x })).body
        .errormessage,
    ).toBe(MSG.versionNotAllowed);
  });
});
