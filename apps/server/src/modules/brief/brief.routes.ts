import type { FastifyInstance } from 'fastify';
import { ROUTES } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { serve } from '../../platform/http/serve.ts';
import { ok } from '../../platform/http/envelope.ts';
import { accessOf } from '../../platform/policies.ts';
import './brief.events.ts';
import { createBriefService } from './brief.service.ts';

/** Project brief (spec 000 §7). Who may: members read; can_manage_project writes. */
export function briefRoutes(ctx: AppContext) {
  const service = createBriefService(ctx);
  return async (fastify: FastifyInstance) => {
    serve(fastify, ROUTES.brief.get, async (req) =>
      ok(await service.get(accessOf(req, 'projects.canViewProject'))),
    );
    serve(fastify, ROUTES.brief.update, async (req) =>
      ok(await service.update(accessOf(req, 'projects.canManageProject'), req.body)),
    );
  };
}
