import type { FastifyInstance } from 'fastify';
import { ROUTES } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { serve } from '../../platform/http/serve.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/http/envelope.ts';
import { createNotificationsService } from './notifications.service.ts';

/**
 * Notifications (spec 002 §7). Who may: a member of the team named by team_db_id, for their own
 * notifications of that team only; the digest setting is the caller's own.
 */
export function notificationsRoutes(ctx: AppContext) {
  const service = createNotificationsService(ctx);
  return async (fastify: FastifyInstance) => {
    serve(fastify, ROUTES.notifications.list, async (req) =>
      ok(await service.list(userIdOf(req), req.query)),
    );
    serve(fastify, ROUTES.notifications.seen, async (req) =>
      ok(await service.seen(userIdOf(req), req.body.team_db_id, req.body.notification_ids)),
    );
    serve(fastify, ROUTES.notifications.settings, async (req) => ok(await service.settings(userIdOf(req))));
    serve(fastify, ROUTES.notifications.updateSettings, async (req) =>
      ok(await service.updateSettings(userIdOf(req), req.body.email_digest)),
    );
  };
}
