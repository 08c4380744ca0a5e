import type { AppContext } from '../../platform/context.ts';
import { canViewTeam } from './teams.policy.ts';
import { teamSummariesByMember } from './teams.service.ts';

/**
 * Teams → realtime (spec 002 §4): each member gets the team as they see it (is_admin is per member).
 * Messages say what changed; the web refetches through the permission-checked API.
 */
export function registerTeamMappers(ctx: AppContext) {
  const { events, realtime, db } = ctx;
  events.on('team.created', async ({ teamId }) => {
    for (const [userId, team] of await teamSummariesByMember(db, teamId)) {
      realtime.toUser(userId, 'team_add', { team });
    }
  });
  events.on('team.changed', async ({ teamId, addedUserIds, removedUserIds }) => {
    for (const userId of removedUserIds) {
      realtime.toUser(userId, 'team_delete', { team_db_id: teamId });
      realtime.evictUser(userId, `team:${teamId}`);
    }
    const added = new Set(addedUserIds);
    for (const [userId, team] of await teamSummariesByMember(db, teamId)) {
      realtime.toUser(userId, added.has(userId) ? 'team_add' : 'team_update', { team });
    }
  });
  events.on('team.deleted', ({ teamId, userIds }) => {
    for (const userId of userIds) {
      realtime.toUser(userId, 'team_delete', { team_db_id: teamId });
      realtime.evictUser(userId, `team:${teamId}`);
    }
  });
}

/** Joining team:{id} needs the same right as reading the team. */
export function teamRoom(ctx: AppContext) {
  return (userId: string, teamId: string) => canViewTeam(ctx.db, userId, teamId);
}
