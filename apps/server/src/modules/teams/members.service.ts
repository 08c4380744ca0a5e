import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { MSG, addedYouTo, regionName, type TeamDetail, type TeamMember, displayName } from '@rushes/shared';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { teamInvites, teamMembers, teams, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, fieldError, notFound } from '../../platform/http/errors.ts';
import { assertWithinLimit, findPlan } from '../plans/index.ts';
import { notify } from '../notifications/index.ts';
import { recordAudit } from '../audit/index.ts';
import type { Emit } from '../../platform/events/bus.ts';
import { iso } from '../../db/rows.ts';
import { createInvites, pendingInvites } from './invites.service.ts';
import { dropMemberPermissions, resolvePermissionIds } from './permissions.service.ts';
import { ownsTeamSql, type TeamAccess, type TeamRow } from './teams.policy.ts';
import { insertMembers, lockTeam } from './teams.service.ts';

export interface AddPeopleInput {
  userIds: string[];
  emails: string[];
  /** chosen permission ids ([] is none); the default member set only when absent */
  permissions?: number[];
}

/**
 * What collaborators_limit counts: members other than the creator, plus pending (unexpired) invites.
 * Call it after locking the team row, in the transaction that inserts.
 */
export async function countCollaborators(db: DbOrTx, team: { id: string; ownerId: string }) {
  const [members] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, team.id), ne(teamMembers.userId, team.ownerId)));
  const [invites] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(teamInvites)
    .where(and(eq(teamInvites.teamId, team.id), gt(teamInvites.expiresAt, new Date())));
  return Number(members?.n ?? 0) + Number(invites?.n ?? 0);
}

/**
 * Adds people to a team in the caller's transaction: users by id, existing users by e-mail, and
 * invitations for other e-mails. Present members are skipped. The team row is locked first, so the
 * collaborators limit is checked against a count no concurrent add can change before commit.
 */
export async function addPeople(
  ctx: AppContext,
  tx: Tx,
  emit: Emit,
  teamId: string,
  actorId: string,
  input: AddPeopleInput,
): Promise<{ team: TeamRow; addedUserIds: string[]; invitedEmails: string[] }> {
  const team = await lockTeam(tx, teamId);
  if (!team) throw notFound();
  const perms = await resolvePermissionIds(tx, input.permissions);

  const byId = input.userIds.length
    ? await tx.select({ id: users.id }).from(users).where(inArray(users.id, input.userIds))
    : [];
  if (byId.length !== new Set(input.userIds).size) throw fieldError('user_db_ids', MSG.noUserFound);
  const emails = [...new Set(input.emails.map((e) => e.toLowerCase()))];
  const byEmail = emails.length
    ? await tx
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(inArray(sql`lower(${users.email})`, emails))
    : [];
  const registered = new Set(byEmail.map((u) => u.email.toLowerCase()));

  const present = new Set(
    (
      await tx.select({ id: teamMembers.userId }).from(teamMembers).where(eq(teamMembers.teamId, team.id))
    ).map((r) => r.id),
  );
  const newUserIds = [...new Set([...byId.map((u) => u.id), ...byEmail.map((u) => u.id)])].filter(
    (id) => !present.has(id),
  );
  const inviteEmails = emails.filter((e) => !registered.has(e));
  const pending = new Set((await pendingInvites(tx, team.id)).map((i) => i.email.toLowerCase()));
  const newInvites = inviteEmails.filter((e) => !pending.has(e));

  const plan = await findPlan(tx, team.planCode);
  assertWithinLimit(
    plan,
    'collaborators',
    await countCollaborators(tx, team),
    newUserIds.length + newInvites.length,
  );

  await insertMembers(
    tx,
    team.id,
    newUserIds.map((userId) => ({ userId, ...perms })),
  );
  // A user who signed up without the invite link: their stale invitation goes.
  if (registered.size) {
    await tx
      .delete(teamInvites)
      .where(
        and(eq(teamInvites.teamId, team.id), inArray(sql`lower(${teamInvites.email})`, [...registered])),
      );
  }
  await createInvites(ctx, tx, team, actorId, inviteEmails, perms.ids);
  if (newUserIds.length) {
    const added = await tx
      .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(inArray(users.id, newUserIds));
    for (const u of added) {
      await recordAudit(tx, {
        teamId: team.id,
        action: 'members.joined',
        target: { type: 'user', id: u.id, label: displayName(u.firstName, u.lastName) || u.email },
        detail: { via: 'added' },
      });
    }
  }
  for (const email of inviteEmails) {
    await recordAudit(tx, {
      teamId: team.id,
      action: 'members.invited',
      target: { type: 'invite', id: email, label: email },
    });
  }
  // People with an account hear it in the bell too (spec 002 §3: invites notify).
  if (newUserIds.length) {
    const [actor] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, actorId));
    await notify(tx, emit, {
      userIds: newUserIds,
      type: 'team_invite',
      teamId: team.id,
      title: MSG.teamAddedNotificationTitle,
      message: addedYouTo(displayName(actor?.firstName, actor?.lastName), team.name),
      actorUserId: actorId,
    });
  }
  return { team, addedUserIds: newUserIds, invitedEmails: inviteEmails };
}

const memberName = (u: { firstName: string; lastName: string }) => displayName(u.firstName, u.lastName);

/** Owners (Team Admins), other members and pending invites of one team (spec 002 §3 Team detail). */
export async function teamDetailOf(db: DbOrTx, team: TeamRow): Promise<TeamDetail> {
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      badgeColor: users.badgeColor,
      addedAt: teamMembers.createdAt,
      owner: ownsTeamSql(teamMembers.userId),
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.teamId, team.id))
    .orderBy(teamMembers.createdAt, users.id);
  const people: TeamMember[] = rows.map((r) => ({
    user_db_id: r.id,
    name: memberName(r),
    email: r.email,
    user_badge_color: r.badgeColor,
    created_on: r.addedAt.toISOString(),
    is_owner: Boolean(r.owner),
    teams: [team.name],
  }));
  return {
    owners: people.filter((p) => p.is_owner),
    members: people.filter((p) => !p.is_owner),
    invited_users: (await pendingInvites(db, team.id)).map((i) => i.email),
    aws_region: team.awsRegion ? { region: team.awsRegion, region_name: regionName(team.awsRegion) } : null,
  };
}

/**
 * The Members tab: distinct people (other than the caller) across the non-personal teams the caller
 * owns, with those teams' names and the earliest date they were added. Filtered by the owner rule in SQL.
 */
export async function listOwnedTeamsMembers(db: DbOrTx, callerId: string): Promise<TeamMember[]> {
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      badgeColor: users.badgeColor,
      addedAt: sql`min(${teamMembers.createdAt})`,
      teamNames: sql<string[]>`array_agg(${teams.name} order by ${teams.createdAt}, ${teams.id})`,
      owner: sql<boolean>`bool_or(${ownsTeamSql(teamMembers.userId)})`,
    })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(
      and(
        eq(teams.isPersonal, false),
        ne(teamMembers.userId, callerId),
        sql`exists (select 1 from ${teamMembers} me where me.team_id = ${teams.id} and me.user_id = ${callerId})`,
        ownsTeamSql(callerId),
      ),
    )
    .groupBy(users.id)
    .orderBy(sql`min(${teamMembers.createdAt})`, users.id);
  return rows.map((r) => ({
    user_db_id: r.id,
    name: memberName(r),
    email: r.email,
    user_badge_color: r.badgeColor,
    created_on: iso(r.addedAt),
    is_owner: Boolean(r.owner),
    teams: r.teamNames,
  }));
}

export type RemoveTarget = { userId: string } | { email: string };

/** Members' routes: list, add, remove one (member or invitation). */
export function createMembersService(ctx: AppContext) {
  const { db, events } = ctx;

  /** Removes a member (and their permission rows) or a pending invitation, in the caller's transaction. */
  async function removeIn(tx: Tx, emit: Emit, team: TeamRow, actorId: string, target: RemoveTarget) {
    let userId: string | undefined;
    if ('email' in target) {
      const email = target.email.toLowerCase();
      const [invite] = await tx
        .delete(teamInvites)
        .where(and(eq(teamInvites.teamId, team.id), eq(sql`lower(${teamInvites.email})`, email)))
        .returning({ id: teamInvites.id });
      if (invite) {
        await recordAudit(tx, {
          teamId: team.id,
          action: 'members.removed',
          target: { type: 'invite', id: email, label: email },
        });
        emit('team.changed', { teamId: team.id, addedUserIds: [], removedUserIds: [] });
        return;
      }
      const [member] = await tx
        .select({ id: users.id })
        .from(teamMembers)
        .innerJoin(users, eq(users.id, teamMembers.userId))
        .where(and(eq(teamMembers.teamId, team.id), eq(sql`lower(${users.email})`, email)));
      if (!member) throw notFound(MSG.noUserFound);
      userId = member.id;
    } else {
      userId = target.userId;
    }
    if (userId === actorId) throw badRequest(MSG.cannotRemoveSelf);
    if (userId === team.ownerId) throw badRequest(MSG.cannotRemoveCreator);
    const removed = await tx
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, userId)))
      .returning({ userId: teamMembers.userId });
    if (removed.length === 0) throw notFound(MSG.noUserFound);
    await dropMemberPermissions(tx, team.id, [userId]);
    const [gone] = await tx
      .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, userId));
    await recordAudit(tx, {
      teamId: team.id,
      action: 'members.removed',
      target: {
        type: 'user',
        id: userId,
        label: gone ? displayName(gone.firstName, gone.lastName) || gone.email : '',
      },
    });
    emit('team.changed', { teamId: team.id, addedUserIds: [], removedUserIds: [userId] });
  }

  return {
    async detail(access: TeamAccess) {
      return teamDetailOf(db, access.team);
    },

    async add({ userId, team }: TeamAccess, input: AddPeopleInput) {
      const teamId = team.id;
      await events.transaction(db, async (tx, emit) => {
        const result = await addPeople(ctx, tx, emit, teamId, userId, input);
        emit('team.changed', { teamId, addedUserIds: result.addedUserIds, removedUserIds: [] });
      });
      ctx.jobs.wake();
      return { message: MSG.membersAdded };
    },

    async remove({ userId, team }: TeamAccess, target: RemoveTarget) {
      // Refuse early (before locking) so a self-removal never touches the team.
      if ('userId' in target && target.userId === userId) throw badRequest(MSG.cannotRemoveSelf);
      await events.transaction(db, (tx, emit) => removeIn(tx, emit, team, userId, target));
    },
  };
}
