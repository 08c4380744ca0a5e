import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  API,
  APPROVAL_STATUS,
  MSG,
  type AssetPage,
  type TaskRequest,
  type TaskRequestList,
} from '@rushes/shared';
import { assets } from '../../db/schema/index.ts';
import { createTestApp, lastMailTo, type TestApp } from '../../../test/harness.ts';
import { mailsTo } from '../../../test/inject.ts';
import { closeAllSockets, connect, join, listen, next } from '../../../test/realtime-helpers.ts';
import { insertFile, notificationTeamOf } from '../projects/projects.testkit.ts';
import { call, crew, type Person } from '../tasks/tasks.testkit.ts';

type Errors = { errors: Record<string, string> };
let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t);
});
afterAll(async () => {
  closeAllSockets();
  await t.close();
});

async function setup() {
  const c = await crew(t);
  const asset = await insertFile(t, c.projectId, { title: 'teaser_v3.mp4' });
  return { ...c, assetId: asset.id };
}
const create = (who: Person | undefined, body: Record<string, unknown>) =>
  call<{ message: string; task_request: TaskRequest } & Errors>(t, 'POST', API.approvals.root, who, body);
const list = (who: Person | undefined, assetId: string) =>
  call<TaskRequestList>(t, 'GET', API.approvals.root, who, { ingest_db_id: assetId, action: 'list' });

describe('approval and review requests', () => {
  it('asks members and e-mails: the spec toasts, people listed, invited e-mails mailed, people notified', async () => {
    const { owner, bob, assetId, projectId } = await setup();
    const email = `rev-${Date.now()}@example.com`;
    const res = await create(owner, {
      ingest_db_id: assetId,
      user_ids: [bob.user.id],
      user_emails: [email],
      task_type: 'task_approval',
      comment: 'Please approve the grade',
      team_id: 'x',
    });
    expect(res.body.data.message).toBe('Approval request created successfully');
    expect(res.body.data.task_request).toMatchObject({
      task_type: 'task_approval',
      comment: 'Please approve the grade',
      users: [{ user_id: bob.user.id, name: 'Bob Editor' }],
      invited: [email],
      can_remove: true,
      created_by: { user_id: owner.user.id },
    });
    expect((await lastMailTo(t.ctx, email))?.text).toContain('inviteCode=prj_');
    const n = await call<{ notifications: { notification_type: string; asset_id: string }[] }>(
      t,
      'GET',
      API.notifications.root,
      bob,
      { team_db_id: await notificationTeamOf(t, bob, projectId) },
    );
    expect(n.body.data.notifications[0]).toMatchObject({
      notification_type: 'approval_request',
      asset_id: assetId,
    });

    const review = await create(owner, {
      ingest_db_id: assetId,
      user_ids: [bob.user.id],
      task_type: 'task_review',
      comment: 'Notes?',
    });
    expect(review.body.data.message).toBe('Review request created successfully');
    const seen = await list(bob, assetId);
    expect(seen.body.data.requests.map((r) => r.task_type)).toEqual(['task_approval', 'task_review']);
    expect(seen.body.data).toMatchObject({ can_set_status: true, approval_status: 2 });
    expect(seen.body.data.requests[0].can_remove).toBe(false);
  });

  it('validation: people or e-mails, comment and type required; people must be members', async () => {
    const { owner, outsider, assetId } = await setup();
    const none = await create(owner, { ingest_db_id: assetId, task_type: 'task_review', comment: 'x' });
    expect(none.body.data.errors.user_ids).toBe(MSG.required);
    const bare = await create(owner, { ingest_db_id: assetId, user_emails: ['a@example.com'] });
    expect(bare.body.data.errors).toMatchObject({ comment: MSG.required, task_type: MSG.required });
    const stranger = await create(owner, {
      ingest_db_id: assetId,
      user_ids: [outsider.user.id],
      task_type: 'task_review',
      comment: 'x',
    });
    expect(stranger.body.errormessage).toBe(MSG.reviewerNotInTeam);
    const self = await create(owner, {
      ingest_db_id: assetId,
      user_ids: [owner.user.id],
      task_type: 'task_review',
      comment: 'x',
    });
    expect(self.body.data.errors.user_ids).toBe(MSG.required);
  });

  it('a non-member cannot read or create requests on a guessed asset id; anonymous 401', async () => {
    const { bob, outsider, assetId } = await setup();
    const read = await list(outsider, assetId);
    expect(read.status).toBe(403);
    expect(read.body.errormessage).toBe(MSG.assetNotFound);
    const made = await create(outsider, {
      ingest_db_id: assetId,
      user_ids: [bob.user.id],
      task_type: 'task_review',
      comment: 'x',
    });
    expect(made.status).toBe(403);
    expect((await list(undefined, assetId)).status).toBe(401);
    expect((await list(bob, '00000000-0000-4000-8000-000000000000')).status).toBe(403);
  });

  it('only the creator removes invited users (Deleted user successfully) and resends invitations', async () => {
    const { owner, bob, cara, outsider, assetId } = await setup();
    const email = `inv-${Date.now()}@example.com`;
    const made = await create(owner, {
      ingest_db_id: assetId,
      user_ids: [bob.user.id, cara.user.id],
      user_emails: [email],
      task_type: 'task_review',
      comment: 'x',
    });
    const id = made.body.data.task_request.task_request_db_id;
    for (const who of [bob, outsider]) {
      const res = await call(t, 'PUT', API.approvals.root, who, {
        task_request_db_id: id,
        user_email: email,
      });
      expect(res.status).toBe(403);
    }
    expect(
      (await call(t, 'PUT', API.approvals.root, bob, { task_request_db_id: id, user_email: email })).body
        .errormessage,
    ).toBe(MSG.onlyCreatorRemoves);
    expect(
      (await call(t, 'PUT', API.approvals.resendInvite, bob, { task_request_db_id: id, user_email: email }))
        .status,
    ).toBe(403);

    const resent = await call(t, 'PUT', API.approvals.resendInvite, owner, {
      task_request_db_id: id,
      user_email: email,
    });
    expect(resent.body.data).toEqual({ message: 'Invite sent successfully' });
    expect((await mailsTo(t.ctx, email)).length).toBe(2);

    const byMail = await call(t, 'PUT', API.approvals.root, owner, {
      task_request_db_id: id,
      user_email: email,
    });
    expect(byMail.body.data).toEqual({ message: 'Deleted user successfully' });
    const byId = await call<{ message: string }>(t, 'PUT', API.approvals.root, owner, {
      task_request_db_id: id,
      user_db_id: cara.user.id,
    });
    expect(byId.body.data.message).toBe('Deleted user successfully');
    const again = await call(t, 'PUT', API.approvals.root, owner, {
      task_request_db_id: id,
      user_db_id: cara.user.id,
    });
    expect(again.status).toBe(404);
    const left = (await list(owner, assetId)).body.data.requests[0];
    expect(left).toMatchObject({ users: [{ user_id: bob.user.id }], invited: [] });
  });

  it('a reviewer sets the approval status; the asset list shows it and the project room hears it; others are refused', async () => {
    const { owner, bob, cara, projectId, assetId } = await setup();
    await create(owner, {
      ingest_db_id: assetId,
      user_ids: [bob.user.id],
      task_type: 'task_approval',
      comment: 'ok?',
    });
    for (const who of [owner, cara]) {
      const res = await call(t, 'PUT', API.approvals.status, who, {
        ingest_db_id: assetId,
        approval_status: 3,
      });
      expect(res.status).toBe(403);
      expect(res.body.errormessage).toBe(MSG.onlyReviewerSetsStatus);
    }
    const bad = await call(t, 'PUT', API.approvals.status, bob, {
      ingest_db_id: assetId,
      approval_status: 5,
    });
    expect(bad.status).toBe(400);

    const socket = await connect(url, { cookie: owner.cookie });
    await join(socket, `project:${projectId}`);
    const heard = next(socket, 'asset_approval_status');
    const res = await call(t, 'PUT', API.approvals.status, bob, {
      ingest_db_id: assetId,
      approval_status: 3,
    });
    expect(res.body.data).toEqual({
      message: MSG.approvalStatusUpdated,
      ingest_db_id: assetId,
      approval_status: 3,
    });
    expect(await heard).toEqual({ project_db_id: projectId, ingest_db_id: assetId, approval_status: 3 });
    const assets = await call<AssetPage>(t, 'GET', API.assets.root, owner, { project_db_id: projectId });
    expect(assets.body.data.items.find((a) => a.ingest_db_id === assetId)?.approval_status).toBe(3);
  });

  it('a waiting approval request shows Needs Review; the person asked sets In Progress then Approved; a teammate not asked and an outsider are refused', async () => {
    const { owner, bob, cara, outsider, projectId, assetId } = await setup();
    await t.ctx.db
      .update(assets)
      .set({ approvalStatus: APPROVAL_STATUS.noStatus })
      .where(eq(assets.id, assetId));
    const statusInList = async () =>
      (
        await call<AssetPage>(t, 'GET', API.assets.root, owner, { project_db_id: projectId })
      ).body.data.items.find((a) => a.ingest_db_id === assetId)?.approval_status;
    const setStatus = (who: Person, approval_status: number) =>
      call(t, 'PUT', API.approvals.status, who, { ingest_db_id: assetId, approval_status });

    const socket = await connect(url, { cookie: owner.cookie });
    await join(socket, `project:${projectId}`);
    const heard = next(socket, 'asset_approval_status');
    await create(owner, {
      ingest_db_id: assetId,
      user_ids: [bob.user.id],
      task_type: 'task_approval',
      comment: 'Final grade: approve?',
    });
    expect(await heard).toEqual({
      project_db_id: projectId,
      ingest_db_id: assetId,
      approval_status: APPROVAL_STATUS.needsReview,
    });
    expect(await statusInList()).toBe(APPROVAL_STATUS.needsReview);
    expect((await list(bob, assetId)).body.data).toMatchObject({
      can_set_status: true,
      approval_status: APPROVAL_STATUS.needsReview,
    });
    // the asker and a teammate who was not asked may not decide; an outsider learns nothing
    expect((await list(cara, assetId)).body.data.can_set_status).toBe(false);
    expect((await list(owner, assetId)).body.data.can_set_status).toBe(false);
    for (const who of [owner, cara]) {
      const res = await setStatus(who, APPROVAL_STATUS.approved);
      expect(res.status).toBe(403);
      expect(res.body.errormessage).toBe(MSG.onlyReviewerSetsStatus);
    }
    const stranger = await setStatus(outsider, APPROVAL_STATUS.approved);
    expect(stranger.status).toBe(403);
    expect(stranger.body.errormessage).toBe(MSG.assetNotFound);
    expect(await statusInList()).toBe(APPROVAL_STATUS.needsReview);

    expect((await setStatus(bob, APPROVAL_STATUS.inProgress)).status).toBe(200);
    expect(await statusInList()).toBe(APPROVAL_STATUS.inProgress);
    expect((await setStatus(bob, APPROVAL_STATUS.approved)).status).toBe(200);
    expect(await statusInList()).toBe(APPROVAL_STATUS.approved);

    // a review request asks for notes, not a new decision: Approved stays; a new approval request reopens it
    await create(owner, {
      ingest_db_id: assetId,
      user_ids: [cara.user.id],
      task_type: 'task_review',
      comment: 'Notes?',
    });
    expect(await statusInList()).toBe(APPROVAL_STATUS.approved);
    await create(owner, {
      ingest_db_id: assetId,
      user_ids: [bob.user.id],
      task_type: 'task_approval',
      comment: 'v2?',
    });
    expect(await statusInList()).toBe(APPROVAL_STATUS.needsReview);
  });

  it('a review request on an asset with No Status shows Needs Review', async () => {
    const { owner, cara, projectId, assetId } = await setup();
    await t.ctx.db
      .update(assets)
      .set({ approvalStatus: APPROVAL_STATUS.noStatus })
      .where(eq(assets.id, assetId));
    await create(owner, {
      ingest_db_id: assetId,
      user_ids: [cara.user.id],
      task_type: 'task_review',
      comment: 'Notes?',
    });
    const page = await call<AssetPage>(t, 'GET', API.assets.root, owner, { project_db_id: projectId });
    expect(page.body.data.items.find((a) => a.ingest_db_id === assetId)?.approval_status).toBe(
      APPROVAL_STATUS.needsReview,
    );
  });
});
