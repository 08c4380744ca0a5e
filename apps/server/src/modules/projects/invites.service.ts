import { MSG, PROJECT_INVITE_PREFIX, type MemberRole } from '@rushes/shared';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { projectInvites, projectMembers, projectPermissions } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Emit } from '../../platform/events/bus.ts';
import {
  acceptInviteOf,
  findLiveInvite,
  inviteAcceptor,
  pendingInvitesOf,
  renewInvites,
  stillInCatalogue,
  type InviteKind,
} from '../../platform/invites/invites.ts';
import { findUserById, inviterNameOf } from '../users/index.ts';
import './projects.events.ts';
import { PROJECT_INVITE_TTL_DAYS, projectMails } from './projects.mails.ts';
import type { ProjectRow } from './projects.policy.ts';
import { insertProjectMember, lockProject } from './projects.service.ts';

export type ProjectInviteRow = typeof projectInvites.$inferSelect;

export const isProjectInviteCode = (code: string) => code.startsWith(PROJECT_INVITE_PREFIX);

/**
 * Project invitations (platform/invites): codes carry the 'prj_' prefix; joining grants the
 * invited role and permissions, those removed from the catalogue since the invite dropped.
 */
const projectInviteKind: InviteKind<ProjectInviteRow> = {
  table: projectInvites,
  scopeId: projectInvites.projectId,
  scopeOf: (row) => row.projectId,
  ttlDays: PROJECT_INVITE_TTL_DAYS,
  codePrefix: PROJECT_INVITE_PREFIX,
  members: { table: projectMembers, scopeId: projectMembers.projectId, userId: projectMembers.userId },
  lock: lockProject,
  async join(tx, emit, invite, userId) {
    const known = await stillInCatalogue(
      tx,
      projectPermissions,
      { id: projectPermissions.id },
      invite.permissionIds,
    );
    await insertProjectMember(
      tx,
      invite.projectId,
      userId,
      invite.role,
      known.map((p) => p.id),
    );
    emit('project.changed', {
      projectId: invite.projectId,
      addedUserIds: [userId],
      removedUserIds: [],
      members: true,
    });
  },
};

/** Creates (or renews) invitations and mails each a fresh code. */
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
  const inviterName = await inviterNameOf(tx, inviterId);
  await renewInvites(ctx, tx, projectInviteKind, {
    scopeId: project.id,
    emails,
    insert: (row) =>
      tx
        .insert(projectInvites)
        .values({ ...row, projectId: project.id, role, permissionIds, invitedBy: inviterId }),
    mail: (to, token) =>
      projectMails.invite({
        to,
        baseUrl: ctx.config.publicUrl,
        token,
        projectTitle: project.title,
        inviterName,
        role,
      }),
  });
}

/** Pending (unexpired) invitations of a project. */
export const pendingProjectInvites = (db: DbOrTx, projectId: string) =>
  pendingInvitesOf(db, projectInviteKind, projectId);

/** The live invitation of a code, if it is meant for `email`; else null. */
export const findValidProjectInvite = (db: DbOrTx, code: string, email: string) =>
  findLiveInvite(db, projectInviteKind, code, email);

/** Joins `user` to the project of a live invitation meant for their e-mail; returns the project id. */
export const acceptProjectInviteIn = (
  tx: Tx,
  emit: Emit,
  user: { id: string; email: string },
  code: string,
) => acceptInviteOf(tx, emit, projectInviteKind, user, code);

/** Accepting a project invitation as a logged-in user (the accept route, and login with a code). */
export function createProjectInvitesService(ctx: AppContext) {
  return inviteAcceptor(ctx, projectInviteKind, {
    findUser: findUserById,
    present: async (_userId, projectId) => ({ message: MSG.projectInviteAccepted, project_db_id: projectId }),
  });
}
