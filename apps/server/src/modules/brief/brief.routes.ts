import type { FastifyInstance } from 'fastify';
import { ROUTES } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { serve } from '../../platform/http/serve.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/http/envelope.ts';
import './brief.events.ts';
import { createBriefService } from './brief.service.ts';

/** Project brief (spec 000 §7). Who may: members read; can_manage_project writes. */
export function briefRoutes(ctx: AppContext) {
  const service = createBriefService(ctx);
  return async (fastify: FastifyInstance) => {
    serve(fastify, ROUTES.brief.get, async (req) =>
      ok(await service.get(userIdOf(req), req.query.project_db_id)),
    );
    serve(fastify, ROUTES.brief.update, async (req) => ok(await service.update(userIdOf(req), req.body)));
  };
}
