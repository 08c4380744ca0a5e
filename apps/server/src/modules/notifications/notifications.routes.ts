import type { FastifyInstance } from 'fastify';
import {
  API,
  notificationList,
  notificationSettings,
  notificationsQuery,
  notificationsSeen,
  notificationsSeenBody,
} from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { ok, replies } from '../../platform/http/envelope.ts';
import { typed } from '../../platform/http/routes.ts';
import { createNotificationsService } from './notifications.service.ts';

const tags = ['notifications'];

/**
 * Notifications (spec 002 §7). Who may: a member of the team named by team_db_id, for their own
 * notifications of that team only; the digest setting is the caller's own.
 */
export function notificationsRoutes(ctx: AppContext) {
  const service = createNotificationsService(ctx);
  return async (fastify: FastifyInstance) => {
    const app = typed(fastify);
    app.get(
      API.notifications.root,
      {
        schema: { tags, querystring: notificationsQuery, response: replies(notificationList) },
        config: { policy: 'notifications.authorizeNotificationTeam' },
      },
      async (req) => ok(await service.list(userIdOf(req), req.query)),
    );
    app.put(
      API.notifications.seen,
      {
        schema: { tags, body: notificationsSeenBody, response: replies(notificationsSeen) },
        config: { policy: 'notifications.authorizeNotificationTeam' },
      },
      async (req) => ok(await service.seen(userIdOf(req), req.body.team_db_id, req.body.notification_ids)),
    );
    app.get(
      API.notifications.settings,
      { schema: { tags, response: replies(notificationSettings) }, config: { policy: 'self' } },
      async (req) => ok(await service.settings(userIdOf(req))),
    );
    app.put(
      API.notifications.settings,
      {
        schema: { tags, body: notificationSettings, response: replies(notificationSettings) },
        config: { policy: 'self' },
      },
      async (req) => ok(await service.updateSettings(userIdOf(req), req.body.email_digest)),
    );
  };
}
