import { OWNER_PERMISSION, type TeamSummary } from '@rushes/shared';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { permissions, teamInvites, teamMembers } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Emit } from '../../platform/events/bus.ts';
import {
  acceptInviteOf,
  findLiveInvite,
  inviteAcceptor,
  inviteInvalid,
  pendingInvitesOf,
  renewInvites,
  stillInCatalogue,
  type InviteKind,
} from '../../platform/invites/invites.ts';
import { findUserById, inviterNameOf } from '../users/index.ts';
import { recordAudit } from '../audit/index.ts';
import { INVITE_TTL_DAYS, teamMails } from './teams.mails.ts';
import { insertMembers, lockTeam, teamSummaryFor } from './teams.service.ts';
import type { TeamRow } from './teams.policy.ts';

export type InviteRow = typeof teamInvites.$inferSelect;

/**
 * Team invitations (platform/invites): codes without a prefix; joining grants the invited
 * permissions, those deleted from the catalogue since the invite dropped. The member replaces the
 * invite it was counted as, so no limit is passed.
 */
const teamInviteKind: InviteKind<InviteRow> = {
  table: teamInvites,
  scopeId: teamInvites.teamId,
  scopeOf: (row) => row.teamId,
  ttlDays: INVITE_TTL_DAYS,
  members: { table: teamMembers, scopeId: teamMembers.teamId, userId: teamMembers.userId },
  lock: lockTeam,
  async join(tx, emit, invite, userId) {
    const known = await stillInCatalogue(
      tx,
      permissions,
      { id: permissions.id, code: permissions.code },
      invite.permissionIds,
    );
    await insertMembers(tx, invite.teamId, [
      { userId, ids: known.map((p) => p.id), owner: known.some((p) => p.code === OWNER_PERMISSION) },
    ]);
    await recordAudit(tx, {
      teamId: invite.teamId,
      action: 'members.joined',
      actor: { id: userId },
      target: { type: 'user', id: userId, label: invite.email },
      detail: { via: 'invite' },
    });
    emit('team.changed', { teamId: invite.teamId, addedUserIds: [userId], removedUserIds: [] });
  },
};

/** Creates (or renews) pending invitations and mails each a fresh code. */
export async function createInvites(
  ctx: AppContext,
  tx: Tx,
  team: TeamRow,
  inviterId: string,
  emails: string[],
  permissionIds: number[],
) {
  if (emails.length === 0) return;
  const inviterName = await inviterNameOf(tx, inviterId);
  await renewInvites(ctx, tx, teamInviteKind, {
    scopeId: team.id,
    emails,
    insert: (row) =>
      tx.insert(teamInvites).values({ ...row, teamId: team.id, permissionIds, invitedBy: inviterId }),
    mail: (to, token) =>
      teamMails.invite({ to, baseUrl: ctx.config.publicUrl, token, teamName: team.name, inviterName }),
  });
}

/** Pending (unexpired) invitations of a team. */
export const pendingInvites = (db: DbOrTx, teamId: string) => pendingInvitesOf(db, teamInviteKind, teamId);

/** The live invitation of a code, if it is meant for `email`; else null. */
export const findValidInvite = (db: DbOrTx, code: string, email: string) =>
  findLiveInvite(db, teamInviteKind, code, email);

/** Joins `user` to the team of a live invitation meant for their e-mail; returns the team id. */
export const acceptInviteIn = (tx: Tx, emit: Emit, user: { id: string; email: string }, code: string) =>
  acceptInviteOf(tx, emit, teamInviteKind, user, code);

/** Accepting an invitation as a logged-in user (the route, and login with an invite code). */
export function createInvitesService(ctx: AppContext) {
  return inviteAcceptor(ctx, teamInviteKind, {
    findUser: findUserById,
    async present(userId, teamId): Promise<TeamSummary> {
      const summary = await teamSummaryFor(ctx.db, userId, teamId);
      if (!summary) throw inviteInvalid();
      return summary.summary;
    },
  });
}
