import type { AppContext } from '../../platform/context.ts';
import './auth.service.ts';

/** Users → realtime: the user's own room hears that their account changed or that they logged in. */
export function registerUserMappers(ctx: AppContext) {
  const { events, realtime } = ctx;
  events.on('user.updated', ({ userId }) => realtime.toUser(userId, 'user_updated', { user_id: userId }));
  events.on('user.logged_in', ({ userId }) => realtime.toUser(userId, 'user_logged_in', { user_id: userId }));
}
