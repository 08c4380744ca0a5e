import type { AppContext } from '../platform/context.ts';
import { canViewTeam } from './teams/teams.policy.ts';
import { notifyBillingChanged } from './billing/billing.service.ts';
import { teamSummariesByMember } from './teams/teams.service.ts';
import { registerProjectMappers } from './projects/projects.realtime.ts';
import { registerChatMappers } from './chat/chat.realtime.ts';
import { registerNotificationMappers } from './notifications/notifications.realtime.ts';
import { registerShareMappers } from './shares/shares.realtime.ts';
import { registerBriefMappers } from './brief/brief.realtime.ts';
import { registerTaskMappers } from './tasks/tasks.realtime.ts';
import { registerApprovalMappers } from './approvals/approvals.realtime.ts';
import { registerMediaMappers } from './media/media.realtime.ts';

/**
 * Domain events → realtime messages. Messages say what changed; the web refetches through the
 * permission-checked API. Room joins are checked with the same rule as the matching HTTP read.
 */
export function registerRealtimeMappers(ctx: AppContext) {
  const { events, realtime, db } = ctx;
  events.on('user.updated', ({ userId }) => realtime.toUser(userId, 'user_updated', { user_id: userId }));
  events.on('user.logged_in', ({ userId }) => realtime.toUser(userId, 'user_logged_in', { user_id: userId }));

  // Teams (spec 002 §4): each member gets the team as they see it (is_admin is per member).
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

  events.on('billing.updated', ({ teamId }) => notifyBillingChanged(ctx, teamId));
  realtime.registerRoom('team', (userId, teamId) => canViewTeam(db, userId, teamId));

  // Projects and assets: home trays to members' user rooms, list changes to project:{id}.
  registerProjectMappers(ctx);
  // Project chat to project:{id} and unread counts, notifications' dot to user rooms.
  registerChatMappers(ctx);
  registerNotificationMappers(ctx);
  // The 'Shared Assets' tray to recipients' user rooms.
  registerShareMappers(ctx);
  // Brief, tasks (project room, trays, task rooms, chat unread) and approval requests.
  registerBriefMappers(ctx);
  registerTaskMappers(ctx);
  registerApprovalMappers(ctx);
  // Upload completion and the media pipeline: asset_status to project:{id}.
  registerMediaMappers(ctx);
}
