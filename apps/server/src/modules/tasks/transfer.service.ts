import { eq, sql } from 'drizzle-orm';
import { MSG, type AnswerTransferBody } from '@rushes/shared';
import { tasks } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { resolveRecipients } from './assignees.ts';
import './tasks.events.ts';
import {
  authorizeAssignerEdit,
  authorizeTaskWrite,
  canRequestTransfer,
  sameProject,
} from './tasks.policy.ts';
import { presentTask } from './tasks.present.ts';
import {
  currentAssigneeIds,
  currentInviteEmails,
  emitTaskChanged,
  inviteEmailsOf,
  memberIdsOf,
  notifyAboutTask,
  refuseSelf,
  setAssignees,
  tellAssigned,
} from './taskWrites.ts';

const cleared = { isTransferRequest: false, transferMessage: null, transferRequestedBy: null } as const;

/**
 * Task transfer (spec 000 §2 Task transfer, §5 reason required; the flow is decided in
 * docs/decisions/0008-tasks-and-approvals.md): an assignee asks with a reason; the task shows 'Transfer Request' and the
 * assigner either accepts — naming the new assignee, who replaces the requester — or declines.
 */
export function createTransferService(ctx: AppContext) {
  const { db, events } = ctx;

  return {
    async request(userId: string, body: { project_db_id: string; task_db_id: string; msg: string }) {
      await events.transaction(db, async (tx, emit) => {
        const access = await authorizeTaskWrite(
          tx,
          userId,
          body.task_db_id,
          canRequestTransfer,
          MSG.onlyAssigneeTransfers,
        );
        const t = access.task;
        sameProject(access, body.project_db_id);
        if (t.isTransferRequest) throw badRequest(MSG.transferPending);
        await tx
          .update(tasks)
          .set({
            isTransferRequest: true,
            transferMessage: body.msg,
            transferRequestedBy: userId,
            updatedAt: sql`now()`,
          })
          .where(eq(tasks.id, t.id));
        await notifyAboutTask(tx, emit, t, {
          userIds: [t.assignedBy],
          type: 'task_transfer',
          title: MSG.transferRequestTitle,
          message: MSG.transferRequestedNotification(access.project.project.title, body.msg),
          actorUserId: userId,
        });
        emitTaskChanged(emit, t);
      });
      return { message: MSG.transferRequested, task: await presentTask(db, userId, body.task_db_id) };
    },

    async answer(userId: string, body: AnswerTransferBody) {
      await events.transaction(db, async (tx, emit) => {
        const access = await authorizeAssignerEdit(tx, userId, body.task_db_id);
        const t = access.task;
        if (!t.isTransferRequest) throw badRequest(MSG.noTransferRequest);
        const requester = t.transferRequestedBy;
        let added: string[] = [];
        let removed: string[] = [];
        if (body.action === 'accept') {
          const recipients = await resolveRecipients(
            ctx,
            tx,
            emit,
            access.project,
            {
              userIds: body.assigned_to ? [body.assigned_to] : [],
              emails: body.user_email ? [body.user_email] : [],
            },
            { ids: 'assigned_to', emails: 'user_email' },
            { waiting: await currentInviteEmails(tx, t.id) },
          );
          refuseSelf(recipients, userId, body.assigned_to ? 'assigned_to' : 'user_email');
          // The requester leaves; the other assignees stay; the new person joins.
          const keep = (await currentAssigneeIds(tx, t.id)).filter((id) => id !== requester);
          const ids = [...new Set([...keep, ...memberIdsOf(recipients)])];
          const emails = [
            ...new Set([...(await currentInviteEmails(tx, t.id)), ...inviteEmailsOf(recipients)]),
          ];
          ({ added, removed } = await setAssignees(tx, t.id, ids, emails));
          await tellAssigned(ctx, tx, emit, access.project, t, recipients, added);
        }
        await tx
          .update(tasks)
          .set({ ...cleared, updatedAt: sql`now()` })
          .where(eq(tasks.id, t.id));
        await notifyAboutTask(tx, emit, t, {
          userIds: requester ? [requester] : [],
          type: 'task_transfer',
          title: MSG.transferAnsweredTitle,
          message: MSG.transferAnsweredNotification(access.project.project.title, body.action === 'accept'),
          actorUserId: userId,
        });
        emitTaskChanged(emit, t, { added, removed });
      });
      ctx.jobs.wake();
      return {
        message: body.action === 'accept' ? MSG.transferAccepted : MSG.transferDeclined,
        task: await presentTask(db, userId, body.task_db_id),
      };
    },
  };
}
