import type { AppContext } from '../../platform/context.ts';
import './cloud.events.ts';

/** Cloud → realtime: the user's browsers refetch their session (banner countdown, wizard step). */
export function registerCloudMappers(ctx: AppContext) {
  ctx.events.on('cloud.changed', ({ userId, sessionId }) =>
    ctx.realtime.toUser(userId, 'cloud_session', { cloud_access_db_id: sessionId }),
  );
}
