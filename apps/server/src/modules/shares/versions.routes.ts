import type { FastifyInstance } from 'fastify';
import { API, addVersionBody, versionAdded, versionsAnswer, versionsQuery } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { ok, replies } from '../../platform/http/envelope.ts';
import { typed } from '../../platform/http/routes.ts';
import { createVersionsService } from './versions.service.ts';

const tags = ['versions'];

/** Version stacks (issue 16). Who may: members read; can_upload_assets stacks a new version. */
export function versionsRoutes(ctx: AppContext) {
  const service = createVersionsService(ctx);
  return async (fastify: FastifyInstance) => {
    const app = typed(fastify);
    app.get(
      API.shares.versions,
      {
        schema: { tags, querystring: versionsQuery, response: replies(versionsAnswer) },
        config: { policy: 'projects.canViewProject' },
      },
      async (req) => ok(await service.list(userIdOf(req), req.query.ingest_db_id)),
    );
    app.post(
      API.shares.versions,
      {
        schema: { tags, body: addVersionBody, response: replies(versionAdded) },
        config: { policy: 'projects.canWriteAssets' },
      },
      async (req) => ok(await service.add(userIdOf(req), req.body)),
    );
  };
}
