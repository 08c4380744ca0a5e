import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { MSG, PROJECT_INVITE_PREFIX, type MemberRole } from '@rushes/shared';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { projectInvites, projectMembers, projectPermissions } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import type { DomainEvents, EventName } from '../../platform/events/bus.ts';
import { randomToken, sha256 } from '../../platform/auth/secrets.ts';
import { fieldError, unauthorized } from '../../platform/http/errors.ts';
import { findUserById } from '../accounts/users.service.ts';
import './projects.events.ts';
import { PROJECT_INVITE_TTL_DAYS, projectMails } from './projects.mails.ts';
import type { ProjectRow } from './projects.policy.ts';
import { insertProjectMember, lockProject } from './projects.service.ts';

export type Emit = <K extends EventName>(name: K, payload: DomainEvents[K]) => void;
export type ProjectInviteRow = typeof projectInvites.$inferSelect;

const inviteInvalid = () => fieldError('invite_code', MSG.inviteInvalid);
export const isProjectInviteCode = (code: string) => code.startsWith(PROJECT_INVITE_PREFIX);

/** Creates (or renews) invitations and mails each a fresh code; only the code's SHA-256 is stored. */
export async function createProjectInvites(
  ctx: AppContext,
  tx: Tx,
  project: ProjectRow,
  inviterId: string,
  emails: string[],
  role: MemberRole,
  permissionIds: number[],
) {
  if (emails.length === 0) return;
  const inviter = await findUserById(tx, inviterId);
  const inviterName = inviter ? `${inviter.firstName} ${inviter.lastName}`.trim() : 'A teammate';
  await tx
    .delete(projectInvites)
    .where(
      and(eq(projectInvites.projectId, project.id), inArray(sql`lower(${projectInvites.email})`, emails)),
    );
  const expiresAt = new Date(Date.now() + PROJECT_INVITE_TTL_DAYS * 86_400_000);
  for (const email of emails) {
    const token = PROJECT_INVITE_PREFIX + randomToken();
    await tx.insert(projectInvites).values({
      projectId: project.id,
      email,
      role,
      permissionIds,
      tokenHash: sha256(token),
      invitedBy: inviterId,
      expiresAt,
    });
    await ctx.mailer.send(
      tx,
      projectMails.invite({
        to: email,
        baseUrl: ctx.config.publicUrl,
        token,
        projectTitle: project.title,
        inviterName,
        role,
      }),
    );
  }
}

/** Pending (unexpired) invitations of a project. */
export async function pendingProjectInvites(db: DbOrTx, projectId: string): Promise<ProjectInviteRow[]> {
  return db
    .select()
    .from(projectInvites)
    .where(and(eq(projectInvites.projectId, projectId), gt(projectInvites.expiresAt, new Date())))
    .orderBy(projectInvites.createdAt, projectInvites.email);
}

/** The live invitation of a code, if it is meant for `email`; else null. */
export async function findValidProjectInvite(
  db: DbOrTx,
  code: string,
  email: string,
): Promise<ProjectInviteRow | null> {
  if (!isProjectInviteCode(code) || code.length < 16 || code.length > 200) return null;
  const [row] = await db
    .select()
    .from(projectInvites)
    .where(and(eq(projectInvites.tokenHash, sha256(code)), gt(projectInvites.expiresAt, new Date())))
    .limit(1);
  if (!row || row.email.toLowerCase() !== email.toLowerCase()) return null;
  return row;
}

/** Joins `user` to the project of a live invitation meant for their e-mail and deletes the invitation. */
export async function acceptProjectInviteIn(
  tx: Tx,
  emit: Emit,
  user: { id: string; email: string },
  code: string,
): Promise<string> {
  const invite = await findValidProjectInvite(tx, code, user.email);
  if (!invite) throw inviteInvalid();
  const project = await lockProject(tx, invite.projectId);
  if (!project) throw inviteInvalid();
  await tx.delete(projectInvites).where(eq(projectInvites.id, invite.id));
  const [already] = await tx
    .select({ userId: projectMembers.userId })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, project.id), eq(projectMembers.userId, user.id)));
  if (already) return project.id;
  // Permissions removed from the catalogue since the invite are dropped.
  const known = invite.permissionIds.length
    ? await tx
        .select({ id: projectPermissions.id })
        .from(projectPermissions)
        .where(inArray(projectPermissions.id, invite.permissionIds))
    : [];
  await insertProjectMember(
    tx,
    project.id,
    user.id,
    invite.role,
    known.map((p) => p.id),
  );
  emit('project.changed', {
    projectId: project.id,
    addedUserIds: [user.id],
    removedUserIds: [],
    members: true,
  });
  return project.id;
}

/** Accepting a project invitation as a logged-in user (the accept route, and login with a code). */
export function createProjectInvitesService(ctx: AppContext) {
  const { db, events } = ctx;

  async function accept(userId: string, code: string) {
    const user = await findUserById(db, userId);
    if (!user) throw unauthorized();
    const projectId = await events.transaction(db, (tx, emit) => acceptProjectInviteIn(tx, emit, user, code));
    return { message: MSG.projectInviteAccepted, project_db_id: projectId };
  }

  return {
    accept,
    /** Login with an invite code: joins when valid; an invalid code never fails the login itself. */
    async tryAccept(userId: string, code: string | undefined): Promise<boolean> {
      if (!code || !isProjectInviteCode(code)) return false;
      try {
        await accept(userId, code);
        return true;
      } catch {
        return false;
      }
    },
  };
}
