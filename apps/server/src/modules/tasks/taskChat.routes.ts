import type { FastifyInstance } from 'fastify';
import { ROUTES } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { serve } from '../../platform/http/serve.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/http/envelope.ts';
import { accessOf } from '../../platform/policies.ts';
import { limit } from '../../platform/http/routes.ts';
import { createTaskChatService } from './taskChat.service.ts';

/** Task chat (spec 000 §7 Task messages). Who may: whoever may read the task; sending not once it is completed. */
export function taskChatRoutes(ctx: AppContext) {
  const service = createTaskChatService(ctx);
  return async (fastify: FastifyInstance) => {
    serve(fastify, ROUTES.taskChat.history, async (req) =>
      ok(await service.history(accessOf(req, 'tasks.canReadTask'), req.query)),
    );
    serve(fastify, ROUTES.taskChat.send, async (req) => ok(await service.send(userIdOf(req), req.body)), {
      rateLimit: limit(ctx.config, 600),
    });
    serve(fastify, ROUTES.taskChat.seen, async (req) =>
      ok(await service.seen(accessOf(req, 'tasks.canReadTask'))),
    );
  };
}
