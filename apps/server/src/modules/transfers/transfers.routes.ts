import type { FastifyInstance } from 'fastify';
import { ROUTES } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { accessOf } from '../../platform/policies.ts';
import { ok } from '../../platform/http/envelope.ts';
import { serve } from '../../platform/http/serve.ts';
import { createTransfersService } from './transfers.service.ts';

/** Transfers: the project's list (25 per page), cancel and retry. */
export function transfersRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const service = createTransfersService(ctx);
    serve(fastify, ROUTES.transfers.list, async (req) => ok(await service.list(req.query)));
    serve(fastify, ROUTES.transfers.cancel, async (req) =>
      ok(await service.cancel(accessOf(req, 'transfers.canManageTransfer'))),
    );
    serve(fastify, ROUTES.transfers.retry, async (req) =>
      ok(await service.retry(accessOf(req, 'transfers.canManageTransfer'))),
    );
  };
}
