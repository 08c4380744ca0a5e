import type { AppContext } from '../platform/context.ts';
import { canViewTeam } from './teams/teams.policy.ts';

/**
 * Domain events → realtime messages. Messages say what changed; the web refetches through the
 * permission-checked API. Room joins are checked with the same rule as the matching HTTP read.
 */
export function registerRealtimeMappers(ctx: AppContext) {
  const { events, realtime, db } = ctx;
  events.on('user.updated', ({ userId }) => realtime.toUser(userId, 'user_updated', { user_id: userId }));
  events.on('user.logged_in', ({ userId }) => realtime.toUser(userId, 'user_logged_in', { user_id: userId }));
  realtime.registerRoom('team', (userId, teamId) => canViewTeam(db, userId, teamId));
}
