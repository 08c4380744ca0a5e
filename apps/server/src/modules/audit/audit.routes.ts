import type { FastifyInstance } from 'fastify';
import { ROUTES } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { serve } from '../../platform/http/serve.ts';
import { ok } from '../../platform/http/envelope.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { createAuditService } from './audit.service.ts';

/** The team log (its admins: audit.policy.ts), its CSV export, and one's own account activity. */
export function auditRoutes(ctx: AppContext) {
  const service = createAuditService(ctx);
  return async (fastify: FastifyInstance) => {
    serve(fastify, ROUTES.audit.list, async (req) => ok(await service.teamLog(req.query)));
    serve(fastify, ROUTES.audit.export, async (req, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log-${day}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(service.csv(req.query));
    });
    serve(fastify, ROUTES.audit.mine, async (req) => ok(await service.mine(userIdOf(req), req.query)));
  };
}
