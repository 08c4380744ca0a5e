import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { API, projectBrief, projectQuery, updateBriefBody } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { ok, replies } from '../../platform/http/envelope.ts';
import { typed } from '../../platform/http/routes.ts';
import './brief.events.ts';
import { createBriefService } from './brief.service.ts';

const tags = ['brief'];

/** Project brief (spec 000 §7). Who may: members read; can_manage_project writes. */
export function briefRoutes(ctx: AppContext) {
  const service = createBriefService(ctx);
  return async (fastify: FastifyInstance) => {
    const app = typed(fastify);
    app.get(
      API.brief.root,
      {
        schema: { tags, querystring: projectQuery, response: replies(projectBrief) },
        config: { policy: 'projects.canViewProject' },
      },
      async (req) => ok(await service.get(userIdOf(req), req.query.project_db_id)),
    );
    app.put(
      API.brief.root,
      {
        schema: {
          tags,
          body: updateBriefBody,
          response: replies(z.object({ message: z.string(), brief: projectBrief })),
        },
        config: { policy: 'projects.canManageProject' },
      },
      async (req) => ok(await service.update(userIdOf(req), req.body)),
    );
  };
}
