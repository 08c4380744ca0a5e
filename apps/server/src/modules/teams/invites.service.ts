import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { MSG, OWNER_PERMISSION, type TeamSummary } from '@rushes/shared';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { permissions, teamInvites, teamMembers } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import type { DomainEvents, EventName } from '../../platform/events/bus.ts';
import { randomToken, sha256 } from '../../platform/auth/secrets.ts';
import { fieldError, unauthorized } from '../../platform/http/errors.ts';
import { findUserById } from '../accounts/users.service.ts';
import { INVITE_TTL_DAYS, teamMails } from './teams.mails.ts';
import { insertMembers, lockTeam, teamSummaryFor } from './teams.service.ts';
import type { TeamRow } from './teams.policy.ts';

export type Emit = <K extends EventName>(name: K, payload: DomainEvents[K]) => void;
export type InviteRow = typeof teamInvites.$inferSelect;

const inviteInvalid = () => fieldError('invite_code', MSG.inviteInvalid);

/**
 * Creates (or renews) pending invitations and mails each a fresh code. Only the code's SHA-256 is
 * stored; a renewed invite replaces the old row, so an earlier code stops working.
 */
export async function createInvites(
  ctx: AppContext,
  tx: Tx,
  team: TeamRow,
  inviterId: string,
  emails: string[],
  permissionIds: number[],
) {
  if (emails.length === 0) return;
  const inviter = await findUserById(tx, inviterId);
  const inviterName = inviter ? `${inviter.firstName} ${inviter.lastName}`.trim() : 'A teammate';
  await tx
    .delete(teamInvites)
    .where(and(eq(teamInvites.teamId, team.id), inArray(sql`lower(${teamInvites.email})`, emails)));
  const expiresAt = new Date(Date.now() + INVITE_TTL_DAYS * 86_400_000);
  for (const email of emails) {
    const token = randomToken();
    await tx.insert(teamInvites).values({
      teamId: team.id,
      email,
      permissionIds,
      tokenHash: sha256(token),
      invitedBy: inviterId,
      expiresAt,
    });
    await ctx.mailer.send(
      tx,
      teamMails.invite({ to: email, baseUrl: ctx.config.publicUrl, token, teamName: team.name, inviterName }),
    );
  }
}

/** Pending (unexpired) invitations of a team. */
export async function pendingInvites(db: DbOrTx, teamId: string): Promise<InviteRow[]> {
  return db
    .select()
    .from(teamInvites)
    .where(and(eq(teamInvites.teamId, teamId), gt(teamInvites.expiresAt, new Date())))
    .orderBy(teamInvites.createdAt, teamInvites.email);
}

/** The live invitation of a code, if it is meant for `email`; else null. */
export async function findValidInvite(db: DbOrTx, code: string, email: string): Promise<InviteRow | null> {
  if (code.length < 16 || code.length > 200) return null;
  const [row] = await db
    .select()
    .from(teamInvites)
    .where(and(eq(teamInvites.tokenHash, sha256(code)), gt(teamInvites.expiresAt, new Date())))
    .limit(1);
  if (!row || row.email.toLowerCase() !== email.toLowerCase()) return null;
  return row;
}

/**
 * Joins `user` to the team of a live invitation meant for their e-mail, with the invited permissions,
 * and deletes the invitation. The member replaces the invite it was counted as, so no limit is passed.
 */
export async function acceptInviteIn(
  tx: Tx,
  emit: Emit,
  user: { id: string; email: string },
  code: string,
): Promise<string> {
  const invite = await findValidInvite(tx, code, user.email);
  if (!invite) throw inviteInvalid();
  const team = await lockTeam(tx, invite.teamId);
  if (!team) throw inviteInvalid();
  await tx.delete(teamInvites).where(eq(teamInvites.id, invite.id));
  const [already] = await tx
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, user.id)));
  if (already) return team.id;
  // Permissions deleted from the catalogue since the invite are dropped.
  const known = invite.permissionIds.length
    ? await tx
        .select({ id: permissions.id, code: permissions.code })
        .from(permissions)
        .where(inArray(permissions.id, invite.permissionIds))
    : [];
  await insertMembers(tx, team.id, [
    { userId: user.id, ids: known.map((p) => p.id), owner: known.some((p) => p.code === OWNER_PERMISSION) },
  ]);
  emit('team.changed', { teamId: team.id, addedUserIds: [user.id], removedUserIds: [] });
  return team.id;
}

/** Accepting an invitation as a logged-in user (the route, and login with an invite code). */
export function createInvitesService(ctx: AppContext) {
  const { db, events } = ctx;

  async function accept(userId: string, code: string): Promise<TeamSummary> {
    const user = await findUserById(db, userId);
    if (!user) throw unauthorized();
    const teamId = await events.transaction(db, (tx, emit) => acceptInviteIn(tx, emit, user, code));
    const summary = await teamSummaryFor(db, userId, teamId);
    if (!summary) throw inviteInvalid();
    return summary.summary;
  }

  return {
    accept,
    /** Login with an invite code: joins when valid; an invalid code never fails the login itself. */
    async tryAccept(userId: string, code: string | undefined): Promise<boolean> {
      if (!code) return false;
      try {
        await accept(userId, code);
        return true;
      } catch {
        return false;
      }
    },
  };
}
