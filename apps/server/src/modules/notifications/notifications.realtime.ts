import type { AppContext } from '../../platform/context.ts';
import './notifications.events.ts';

/**
 * Notifications → realtime (DESIGN §5): the dot (has_new_notification) in each user's room, naming
 * its team; the web shows it only while that team is selected.
 */
export function registerNotificationMappers(ctx: AppContext) {
  const { events, realtime } = ctx;
  events.on('notifications.created', ({ userIds, teamId }) => {
    for (const userId of userIds)
      realtime.toUser(userId, 'has_new_notification', { has_new_notification: true, team_db_id: teamId });
  });
  events.on('notifications.seen', ({ userId, teamId }) =>
    realtime.toUser(userId, 'has_new_notification', { has_new_notification: false, team_db_id: teamId }),
  );
}
