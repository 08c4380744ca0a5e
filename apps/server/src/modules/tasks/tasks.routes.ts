import type { FastifyInstance } from 'fastify';
import { ROUTES } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { serve } from '../../platform/http/serve.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/http/envelope.ts';
import { accessOf } from '../../platform/policies.ts';
import { limit } from '../../platform/http/routes.ts';
import { taskChatRoutes } from './taskChat.routes.ts';
import { createTasksService } from './tasks.service.ts';
import { createTransferService } from './transfer.service.ts';
import { taskTray } from './trays.ts';

/**
 * Tasks (spec 000 §7 Tasks). Who may: project members list, read and create tasks; the assigner
 * updates, completes, resends invitations and answers transfers; assignees ask for transfers; a
 * completed task refuses every write. The assigner or a project creator/admin deletes a task. Anyone logged in reads their own trays.
 */
export function tasksRoutes(ctx: AppContext) {
  const service = createTasksService(ctx);
  const transfers = createTransferService(ctx);

  return async (fastify: FastifyInstance) => {
    serve(fastify, ROUTES.tasks.types, async (req) => {
      userIdOf(req);
      return ok(service.types());
    });
    serve(fastify, ROUTES.tasks.list, async (req) => ok(await service.list(userIdOf(req), req.query)));
    serve(
      fastify,
      ROUTES.tasks.create,
      async (req) => ok(await service.create(accessOf(req, 'projects.canViewProject'), req.body)),
      {
        rateLimit: limit(ctx.config, 60),
      },
    );
    serve(fastify, ROUTES.tasks.update, async (req) => ok(await service.update(userIdOf(req), req.body)), {
      rateLimit: limit(ctx.config, 60),
    });
    serve(fastify, ROUTES.tasks.remove, async (req) => ok(await service.remove(userIdOf(req), req.body)), {
      rateLimit: limit(ctx.config, 60),
    });
    serve(fastify, ROUTES.tasks.detail, async (req) =>
      ok(await service.detail(userIdOf(req), req.query.task_db_id)),
    );
    serve(fastify, ROUTES.tasks.complete, async (req) =>
      ok(await service.complete(userIdOf(req), req.body.task_db_id)),
    );
    serve(
      fastify,
      ROUTES.tasks.resendInvite,
      async (req) => ok(await service.resendInvite(userIdOf(req), req.body)),
      { rateLimit: limit(ctx.config, 20) },
    );
    serve(fastify, ROUTES.tasks.requestTransfer, async (req) =>
      ok(await transfers.request(userIdOf(req), req.body)),
    );
    serve(fastify, ROUTES.tasks.answerTransfer, async (req) =>
      ok(await transfers.answer(userIdOf(req), req.body)),
    );
    // an API token's call lists its team's tasks only
    serve(fastify, ROUTES.tasks.trays, async (req) =>
      ok(await taskTray(ctx.db, userIdOf(req), req.query, req.session?.teamScope)),
    );

    await fastify.register(taskChatRoutes(ctx));
  };
}
