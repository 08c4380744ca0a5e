import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  APPROVAL_STATUS,
  MSG,
  type CreateTaskRequestBody,
  type RemoveRequestUserBody,
  type ReviewerSearchQuery,
  type ReviewerSearchResult,
  type SetApprovalStatusBody,
  type TaskRequest,
  type TaskRequestList,
  displayName,
} from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { taskRequestInvites, taskRequestUsers, taskRequests, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Emit } from '../../platform/events/bus.ts';
import { fieldError, notFound } from '../../platform/http/errors.ts';
import { findAsset, setApprovalStatus } from '../assets/index.ts';
import { notify } from '../notifications/index.ts';
import {
  inviteToProject,
  resolveRecipients,
  taskMails,
  inviteEmailsOf,
  memberIdsOf,
} from '../tasks/index.ts';
import './approvals.events.ts';
import { admitReviewers, searchReviewers } from './reviewers.ts';
import { isReviewerOf, type AssetAccess, type RequestAccess } from './approvals.policy.ts';

const nameOf = (u: { firstName: string; lastName: string }) => displayName(u.firstName, u.lastName);

/**
 * A request waits as Needs Review in the asset list, not No Status. An approval request asks for a
 * new decision, so it also reopens In Progress and Approved; a review request asks for notes only and
 * leaves a status someone set.
 */
const statusWhileWaiting = (taskType: CreateTaskRequestBody['task_type'], current: number) =>
  taskType === 'task_approval' || current === APPROVAL_STATUS.noStatus
    ? APPROVAL_STATUS.needsReview
    : current;

/** Writes an asset's approval status and tells the project room (the asset lists show it live). */
async function writeStatus(
  tx: DbOrTx,
  emit: Emit,
  asset: { id: string; projectId: string; parentId: string | null },
  approvalStatus: number,
) {
  await setApprovalStatus(tx, asset.id, approvalStatus);
  emit('asset.approval_changed', { projectId: asset.projectId, assetId: asset.id, approvalStatus });
  emit('assets.changed', { projectId: asset.projectId, folderIds: [asset.parentId], totals: false });
}

/** The requests of one asset as the viewer sees them, in three queries. */
async function presentRequests(
  db: DbOrTx,
  viewerId: string,
  where: ReturnType<typeof and>,
): Promise<TaskRequest[]> {
  const rows = await db
    .select({ r: taskRequests, firstName: users.firstName, lastName: users.lastName })
    .from(taskRequests)
    .innerJoin(users, eq(users.id, taskRequests.createdBy))
    .where(where)
    .orderBy(asc(taskRequests.createdAt), asc(taskRequests.id));
  const ids = rows.map((r) => r.r.id);
  if (ids.length === 0) return [];
  const people = await db
    .select({
      requestId: taskRequestUsers.requestId,
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(taskRequestUsers)
    .innerJoin(users, eq(users.id, taskRequestUsers.userId))
    .where(inArray(taskRequestUsers.requestId, ids))
    .orderBy(asc(taskRequestUsers.createdAt), asc(users.id));
  const invites = await db
    .select()
    .from(taskRequestInvites)
    .where(inArray(taskRequestInvites.requestId, ids))
    .orderBy(asc(taskRequestInvites.createdAt), asc(taskRequestInvites.email));
  return rows.map(({ r, firstName, lastName }) => ({
    task_request_db_id: r.id,
    ingest_db_id: r.assetId,
    project_db_id: r.projectId,
    task_type: r.taskType,
    comment: r.comment,
    created_by: { user_id: r.createdBy, name: nameOf({ firstName, lastName }) },
    created_on: r.createdAt.toISOString(),
    users: people.filter((p) => p.requestId === r.id).map((p) => ({ user_id: p.id, name: nameOf(p) })),
    invited: invites.filter((i) => i.requestId === r.id).map((i) => i.email),
    can_remove: r.createdBy === viewerId,
  }));
}

/**
 * Approval and review requests on an asset (spec 000 §3, §4, §6, §7). Who may: members of the
 * asset's project read and create; the creator of a request removes invited people and resends
 * invitations; people asked on the asset set its approval status.
 */
export function createApprovalsService(ctx: AppContext) {
  const { db, events } = ctx;

  return {
    // list, searchPeople and create: the asset and project access the routes' policy loaded
    // (approvals.policy.ts assetPolicy, before the handler).
    async list(
      { userId, asset }: AssetAccess,
      q: { ingest_db_id: string; task_type?: 'task_approval' | 'task_review' },
    ): Promise<TaskRequestList> {
      const where = and(
        eq(taskRequests.assetId, asset.id),
        q.task_type ? eq(taskRequests.taskType, q.task_type) : undefined,
      );
      return {
        ingest_db_id: asset.id,
        approval_status: asset.approvalStatus,
        can_set_status: await isReviewerOf(db, userId, asset.id),
        requests: await presentRequests(db, userId, where),
      };
    },

    /** People to ask on the asset: the project's team and members (members of the project search). */
    async searchPeople(access: AssetAccess, q: ReviewerSearchQuery): Promise<ReviewerSearchResult> {
      return searchReviewers(db, access, q);
    },

    async create(access: AssetAccess, body: CreateTaskRequestBody) {
      const { userId, asset } = access;
      const requestId = await events.transaction(db, async (tx, emit) => {
        const picked = body.user_ids.filter((id) => id !== userId);
        await admitReviewers(tx, emit, access, picked);
        const recipients = (
          await resolveRecipients(
            ctx,
            tx,
            emit,
            access,
            { userIds: picked, emails: body.user_emails },
            { ids: 'user_ids', emails: 'user_emails' },
          )
        ).filter((r) => r.kind !== 'member' || r.userId !== userId);
        if (recipients.length === 0) throw fieldError('user_ids', MSG.required);
        const [request] = await tx
          .insert(taskRequests)
          .values({
            projectId: asset.projectId,
            assetId: asset.id,
            taskType: body.task_type,
            comment: body.comment,
            createdBy: userId,
          })
          .returning();
        const memberIds = memberIdsOf(recipients);
        if (memberIds.length) {
          await tx
            .insert(taskRequestUsers)
            .values(memberIds.map((id) => ({ requestId: request.id, userId: id })));
        }
        const emails = inviteEmailsOf(recipients);
        if (emails.length) {
          await tx
            .insert(taskRequestInvites)
            .values(emails.map((email) => ({ requestId: request.id, email })));
        }
        const [creator] = await tx.select().from(users).where(eq(users.id, userId));
        const creatorName = creator ? nameOf(creator) : 'A teammate';
        const kind = body.task_type === 'task_approval' ? 'approval' : 'review';
        await notify(tx, emit, {
          userIds: memberIds,
          type: body.task_type === 'task_approval' ? 'approval_request' : 'review_request',
          title: kind === 'approval' ? MSG.approvalRequestTitle : MSG.reviewRequestTitle,
          message: `${creatorName} asked for your ${kind} of ${asset.title}: ${body.comment}`,
          projectId: asset.projectId,
          assetId: asset.id,
          actorUserId: userId,
        });
        for (const r of recipients) {
          if (r.kind !== 'member' || !r.viaEmail) continue;
          await ctx.mailer.send(
            tx,
            taskMails.requested({
              to: r.email,
              baseUrl: ctx.config.publicUrl,
              projectId: asset.projectId,
              projectTitle: access.project.title,
              creatorName,
              kind,
              assetTitle: asset.title,
            }),
          );
        }
        const current = (await findAsset(tx, asset.id))?.approvalStatus ?? asset.approvalStatus;
        const waiting = statusWhileWaiting(body.task_type, current);
        if (waiting !== current) await writeStatus(tx, emit, asset, waiting);
        emit('task_request.changed', { projectId: asset.projectId, assetId: asset.id });
        return request.id;
      });
      ctx.jobs.wake();
      const [task_request] = await presentRequests(db, userId, and(eq(taskRequests.id, requestId)));
      return {
        message: body.task_type === 'task_approval' ? MSG.approvalRequestCreated : MSG.reviewRequestCreated,
        task_request,
      };
    },

    /**
     * Removes one person or invited e-mail from a request (its creator only: the route's policy,
     * approvals.policy.ts manageRequestPolicy, loaded the request before the handler).
     */
    async removeUser({ request }: RequestAccess, body: RemoveRequestUserBody) {
      await events.transaction(db, async (tx, emit) => {
        const removed = body.user_db_id
          ? await tx
              .delete(taskRequestUsers)
              .where(
                and(eq(taskRequestUsers.requestId, request.id), eq(taskRequestUsers.userId, body.user_db_id)),
              )
              .returning({ id: taskRequestUsers.userId })
          : await tx
              .delete(taskRequestInvites)
              .where(
                and(
                  eq(taskRequestInvites.requestId, request.id),
                  eq(taskRequestInvites.email, body.user_email!.toLowerCase()),
                ),
              )
              .returning({ id: taskRequestInvites.email });
        if (removed.length === 0) throw notFound(MSG.noUserFound);
        emit('task_request.changed', { projectId: request.projectId, assetId: request.assetId });
      });
      return { message: MSG.deletedUser };
    },

    /** Mails an invited e-mail of a request again (its creator only, as removeUser). */
    async resendInvite(access: RequestAccess, body: { task_request_db_id: string; user_email: string }) {
      const { request } = access;
      await events.transaction(db, async (tx) => {
        const email = body.user_email.toLowerCase();
        const [invite] = await tx
          .select()
          .from(taskRequestInvites)
          .where(and(eq(taskRequestInvites.requestId, request.id), eq(taskRequestInvites.email, email)));
        if (!invite) throw fieldError('user_email', MSG.notInvited);
        await inviteToProject(ctx, tx, access, email);
      });
      ctx.jobs.wake();
      return { message: MSG.inviteSent };
    },

    /**
     * A reviewer sets the asset's approval status (002 §3 codes); the project room hears it. The asset
     * and the reviewer rule are the route's policy (approvals.policy.ts reviewerPolicy).
     */
    async setStatus({ asset }: AssetAccess, body: SetApprovalStatusBody) {
      await events.transaction(db, (tx, emit) => writeStatus(tx, emit, asset, body.approval_status));
      return {
        message: MSG.approvalStatusUpdated,
        ingest_db_id: body.ingest_db_id,
        approval_status: body.approval_status,
      };
    },
  };
}
