import type { FastifyInstance } from 'fastify';
import { ROUTES } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { serve } from '../../platform/http/serve.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/http/envelope.ts';
import { accessOf } from '../../platform/policies.ts';
import { limit } from '../../platform/http/routes.ts';
import { createChatService } from './chat.service.ts';

/** Project chat (spec 000 §7). Who may: project members (403 for others, 401 without a session). */
export function chatRoutes(ctx: AppContext) {
  const service = createChatService(ctx);
  return async (fastify: FastifyInstance) => {
    serve(fastify, ROUTES.chat.history, async (req) => ok(await service.history(req.query)));
    serve(
      fastify,
      ROUTES.chat.send,
      async (req) => ok(await service.send(accessOf(req, 'projects.canViewProject'), req.body)),
      {
        rateLimit: limit(ctx.config, 600),
      },
    );
    serve(fastify, ROUTES.chat.seen, async (req) =>
      ok(await service.seen(userIdOf(req), req.body.project_db_id)),
    );
    serve(fastify, ROUTES.chat.counters, async (req) =>
      ok(await service.counters(userIdOf(req), req.query.project_db_id)),
    );
  };
}
