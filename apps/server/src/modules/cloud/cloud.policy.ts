import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cloudQueue, cloudSessions } from '../../db/schema/index.ts';
import { CLOUD_TEXT } from '@rushes/shared';
import { userIdOf } from '../../platform/auth/guard.ts';
import { forbidden, notFound } from '../../platform/http/errors.ts';
import { fieldOf, stringField, type Policy } from '../../platform/policies.ts';
import { authorizeProject, canViewProject, type ProjectAccess } from '../projects/index.ts';
import { authorizeTask, canReadTask, sameProject } from '../tasks/index.ts';
import { findUserById } from '../users/index.ts';

/**
 * Who may: any member of a project books a machine for it and reads the catalogue there;
 * a session, its queue entry and its reports are their owner's alone (another user gets 404).
 * Live collaboration (a later issue) adds its invited collaborator in `mayOpenDesktop`.
 */
export const canUseCloud = (access: ProjectAccess) => canViewProject(access);

export function authorizeCloud(db: DbOrTx, userId: string, projectId: string) {
  return authorizeProject(db, userId, projectId, canUseCloud);
}

export type SessionRow = typeof cloudSessions.$inferSelect;

/** The caller's own session (404 for anyone else's), optionally in the project named by the call. */
export async function ownSession(db: DbOrTx, userId: string, sessionId: string, projectId?: string) {
  const [row] = await db
    .select()
    .from(cloudSessions)
    .where(and(eq(cloudSessions.id, sessionId), eq(cloudSessions.userId, userId)))
    .limit(1);
  if (!row || (projectId !== undefined && row.projectId !== projectId)) throw notFound();
  return row;
}

export async function ownQueueEntry(db: DbOrTx, userId: string, entryId: string) {
  const [row] = await db
    .select()
    .from(cloudQueue)
    .where(and(eq(cloudQueue.id, entryId), eq(cloudQueue.userId, userId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/**
 * Who may open a session's desktop through the proxy: its owner, while it is started. The hook for
 * live collaboration: an invited collaborator of the session will be accepted here too.
 */
export function mayOpenDesktop(session: SessionRow, userId: string) {
  return session.status === 'machine_started' && session.userId === userId;
}

/** Platform rule: the installation's operators (PLATFORM_ADMIN_EMAILS), not a team's admins. */
export async function isPlatformAdmin(db: DbOrTx, admins: readonly string[], userId: string) {
  const user = await findUserById(db, userId);
  if (!user || !admins.includes(user.email.toLowerCase())) throw forbidden(CLOUD_TEXT.onlyPlatformAdmins);
  return user;
}

/**
 * The booking and catalogue routes' policy: the project named by `project_db_id`, and the task named
 * by `task_db_id` when one is given: a task of that project the caller may read (another project's
 * or an unknown id: 403 'Task not found', as the task routes answer), since a session or a queue entry
 * keeps it and the banner opens it.
 */
export const cloudPolicy = (): Policy<ProjectAccess> => ({
  reads: 'project_db_id',
  check: (ctx) => async (req) => {
    const userId = userIdOf(req);
    const access = await authorizeProject(ctx.db, userId, stringField(req, 'project_db_id'), canUseCloud);
    const taskId = fieldOf(req, 'task_db_id');
    if (taskId !== undefined) {
      const task = await authorizeTask(ctx.db, userId, String(taskId), canReadTask);
      sameProject(task, access.project.id);
    }
    return access;
  },
});

declare module '../../platform/policies.ts' {
  interface PolicyAccess {
    'cloud.canUseCloud': ProjectAccess;
    'cloud.isPlatformAdmin': Awaited<ReturnType<typeof isPlatformAdmin>>;
  }
}

/** The platform admin routes' policy: the caller's e-mail is one of PLATFORM_ADMIN_EMAILS. */
export const platformAdminPolicy = (): Policy<Awaited<ReturnType<typeof isPlatformAdmin>>> => ({
  check: (ctx) => (req) => isPlatformAdmin(ctx.db, ctx.config.PLATFORM_ADMIN_EMAILS, userIdOf(req)),
});
