import type { AppContext } from '../../platform/context.ts';
import './notifications.events.ts';

/** Notifications → realtime (DESIGN §5): the dot (has_new_notification) in each user's room. */
export function registerNotificationMappers(ctx: AppContext) {
  const { events, realtime } = ctx;
  events.on('notifications.created', ({ userIds }) => {
    for (const userId of userIds)
      realtime.toUser(userId, 'has_new_notification', { has_new_notification: true });
  });
  events.on('notifications.seen', ({ userId }) =>
    realtime.toUser(userId, 'has_new_notification', { has_new_notification: false }),
  );
}
