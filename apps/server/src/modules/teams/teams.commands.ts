import { eq, inArray, sql } from 'drizzle-orm';
import {
  AWS_REGIONS,
  MSG,
  OWNER_PERMISSION,
  regionName,
  type CreateTeamBody,
  type UpdateTeamBody,
  displayName,
} from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { teamMembers, teams, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { fieldError, notFound } from '../../platform/http/errors.ts';
import {
  assertWithinLimit,
  findPlan,
  hasRoom,
  presentCurrentPlan,
  teamUsage,
  upgradeRequired,
} from '../plans/index.ts';
import { addPeople, countCollaborators, listOwnedTeamsMembers, teamDetailOf } from './members.service.ts';
import { idsOfCodes, loadCatalogue, ownPermissionList } from './permissions.service.ts';
import { runTeamCleanups } from './teamDeleting.ts';
import type { TeamAccess } from './teams.policy.ts';
import {
  countCreatedTeams,
  findPersonalTeam,
  insertMembers,
  listSettingsTeams,
  lockPersonalTeam,
  newTeamCode,
  teamMemberIds,
  teamSummaryFor,
} from './teams.service.ts';
import { updateUser } from '../users/index.ts';
import { recordAudit } from '../audit/index.ts';

/** How many member avatars a row of the Teams table shows (spec 002 §2). */
const AVATARS = 4;

async function avatarsOf(db: DbOrTx, teamIds: string[]) {
  const byTeam = new Map<string, { user_db_id: string; name: string; user_badge_color: string }[]>();
  if (teamIds.length === 0) return byTeam;
  const rows = await db
    .select({
      teamId: teamMembers.teamId,
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      badgeColor: users.badgeColor,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(inArray(teamMembers.teamId, teamIds))
    // The creator first, then by date added.
    .orderBy(
      teamMembers.teamId,
      sql`${teams.ownerId} = ${teamMembers.userId} desc`,
      teamMembers.createdAt,
      users.id,
    );
  for (const r of rows) {
    const list = byTeam.get(r.teamId) ?? [];
    if (list.length < AVATARS) {
      list.push({
        user_db_id: r.id,
        name: displayName(r.firstName, r.lastName),
        user_badge_color: r.badgeColor,
      });
    }
    byTeam.set(r.teamId, list);
  }
  return byTeam;
}

/** Team Settings: the teams list, detail, create, update, delete and plan usage. */
export function createTeamsCommands(ctx: AppContext) {
  const { db, events } = ctx;

  async function accountPlanOf(userId: string) {
    const personal = await findPersonalTeam(db, userId);
    return findPlan(db, personal?.planCode ?? 'free');
  }

  return {
    /** tab=teams: the caller's non-personal teams with region and up to 4 member avatars. */
    async listTeams(userId: string) {
      const rows = await listSettingsTeams(db, userId);
      const avatars = await avatarsOf(
        db,
        rows.map((r) => r.summary.team_db_id),
      );
      return rows.map((r) => ({
        ...r.summary,
        aws_config: r.awsRegion ? { region: r.awsRegion, region_name: regionName(r.awsRegion) } : null,
        detail: { avatars: avatars.get(r.summary.team_db_id) ?? [] },
      }));
    },

    /** tab=users: the Members tab. */
    listUsers: (userId: string) => listOwnedTeamsMembers(db, userId),

    async detail(access: TeamAccess) {
      const summary = await teamSummaryFor(db, access.userId, access.team.id);
      if (!summary) throw notFound();
      return {
        ...summary.summary,
        detail: await teamDetailOf(db, access.team),
        permissions: await ownPermissionList(db, access),
      };
    },

    /** Checked before the create form opens (spec 002 §4): room under the account's team_limit? */
    async checkCreate(userId: string) {
      const plan = await accountPlanOf(userId);
      if (!hasRoom(plan, 'teams', await countCreatedTeams(db, userId))) throw upgradeRequired('teams');
      return { can_create_team: true as const };
    },

    regions: () => ({ aws_configs: AWS_REGIONS.map((r) => ({ ...r })) }),

    /**
     * Creates a team owned by the caller. The caller's personal team row is locked first, so two
     * concurrent creates cannot both pass team_limit. The new team is on the account's plan.
     */
    async create(userId: string, body: CreateTeamBody) {
      const teamId = await events.transaction(db, async (tx, emit) => {
        const personal = await lockPersonalTeam(tx, userId);
        const accountPlan = await findPlan(tx, personal?.planCode ?? 'free');
        assertWithinLimit(accountPlan, 'teams', await countCreatedTeams(tx, userId), 1);
        const [team] = await tx
          .insert(teams)
          .values({
            teamCode: newTeamCode(),
            name: body.name,
            ownerId: userId,
            awsRegion: body.aws_region,
            isActive: body.is_active ?? true,
            planCode: accountPlan.code,
          })
          .returning();
        const ownerIds = idsOfCodes(await loadCatalogue(tx), [OWNER_PERMISSION]);
        await insertMembers(tx, team.id, [{ userId, ids: ownerIds, owner: true }]);
        await addPeople(ctx, tx, emit, team.id, userId, {
          userIds: body.user_db_ids,
          emails: body.user_emails,
          permissions: body.permissions,
        });
        emit('team.created', { teamId: team.id });
        return team.id;
      });
      ctx.jobs.wake();
      return { message: MSG.teamCreated, team_db_id: teamId };
    },

    /** Renames (the region stays locked: the update body has no region) and optionally adds people. */
    async update({ userId, team }: TeamAccess, body: UpdateTeamBody) {
      await events.transaction(db, async (tx, emit) => {
        await tx
          .update(teams)
          .set({ name: body.name, ...(body.is_active === undefined ? {} : { isActive: body.is_active }) })
          .where(eq(teams.id, body.team_id));
        const changed: Record<string, { from: unknown; to: unknown }> = {};
        if (body.name !== team.name) changed.name = { from: team.name, to: body.name };
        if (body.is_active !== undefined && body.is_active !== team.isActive)
          changed.is_active = { from: team.isActive, to: body.is_active };
        if (Object.keys(changed).length) {
          await recordAudit(tx, {
            teamId: team.id,
            action: 'team.settings_changed',
            target: { type: 'team', id: team.id, label: body.name },
            detail: changed,
          });
        }
        let addedUserIds: string[] = [];
        if (body.user_db_ids.length + body.user_emails.length > 0) {
          ({ addedUserIds } = await addPeople(ctx, tx, emit, body.team_id, userId, {
            userIds: body.user_db_ids,
            emails: body.user_emails,
            permissions: body.permissions,
          }));
        }
        emit('team.changed', { teamId: body.team_id, addedUserIds, removedUserIds: [] });
      });
      ctx.jobs.wake();
      return { message: MSG.teamUpdated };
    },

    /** Deletes after the typed name matches exactly; members, permissions and invites go with it. */
    async remove({ team }: TeamAccess, body: { team_id: string; name: string }) {
      if (body.name !== team.name) throw fieldError('name', MSG.teamNameMismatch);
      await events.transaction(db, async (tx, emit) => {
        const userIds = await teamMemberIds(tx, team.id);
        await runTeamCleanups(ctx, tx, team.id, emit);
        await tx.delete(teams).where(eq(teams.id, team.id));
        emit('team.deleted', { teamId: team.id, userIds });
      });
      ctx.jobs.wake();
      return { message: MSG.teamDeleted };
    },

    /**
     * The plan of a team and its usage: collaborators against the team's plan; teams against the
     * plan of the team creator's account (team_limit is an account limit).
     */
    /**
     * The team the user switched to, kept for their other browsers: one that has stored no choice
     * opens on it (resolveTeam; docs/decisions/0005-teams-permissions-plans.md 'The team a new browser opens on').
     */
    async rememberTeam({ userId, team }: TeamAccess) {
      const teamId = team.id;
      await updateUser(db, userId, { lastTeamId: teamId });
      return { last_team_db_id: teamId };
    },

    async currentPlan({ team }: TeamAccess) {
      const [teamPlan, accountPlan] = await Promise.all([
        findPlan(db, team.planCode),
        accountPlanOf(team.ownerId),
      ]);
      const usage = await teamUsage(db, team.id);
      return presentCurrentPlan(teamPlan, accountPlan, {
        teams: await countCreatedTeams(db, team.ownerId),
        collaborators: team.isPersonal ? 0 : await countCollaborators(db, team),
        projects: usage.projects,
        machineHours: usage.machineHours,
        storageAddedGb: usage.storageAddedGb,
      });
    },
  };
}
