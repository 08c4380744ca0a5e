import type { FastifyInstance } from 'fastify';
import { ROUTES } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/http/envelope.ts';
import { serve } from '../../platform/http/serve.ts';
import { createTransfersService } from './transfers.service.ts';

/** Transfers: the project's list (25 per page), cancel and retry. */
export function transfersRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const service = createTransfersService(ctx);
    serve(fastify, ROUTES.transfers.list, async (req) => ok(await service.list(userIdOf(req), req.query)));
    serve(fastify, ROUTES.transfers.cancel, async (req) =>
      ok(await service.cancel(userIdOf(req), req.body.transfer_db_id)),
    );
    serve(fastify, ROUTES.transfers.retry, async (req) =>
      ok(await service.retry(userIdOf(req), req.body.transfer_db_id)),
    );
  };
}
