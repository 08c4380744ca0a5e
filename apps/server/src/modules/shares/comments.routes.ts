import type { FastifyInstance } from 'fastify';
import { ROUTES } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { limit } from '../../platform/http/routes.ts';
import { serve } from '../../platform/http/serve.ts';
import { createCommentsService } from './comments.service.ts';
import { sharedAssetOf } from './shares.policy.ts';

/**
 * Review comments of members (spec 002 §3 Asset comments). Who may: members of the asset's project
 * read, add, reply, resolve and reopen (the review page's own routes serve link holders and guests).
 * Every route gets the asset from its policy: list and add by ingest_db_id (shares.policy.ts
 * sharedAssetPolicy), resolve by the comment it names (commentAssetPolicy).
 */
export function commentsRoutes(ctx: AppContext) {
  const service = createCommentsService(ctx);
  return async (fastify: FastifyInstance) => {
    serve(fastify, ROUTES.comments.list, async (req) => {
      const { asset } = sharedAssetOf(req);
      return ok(await service.list(asset, req.query.page_no, req.query.entries_per_page));
    });
    serve(
      fastify,
      ROUTES.comments.add,
      async (req) => {
        const { asset, userId } = sharedAssetOf(req);
        return ok(await service.add(asset, { userId }, req.body));
      },
      { rateLimit: limit(ctx.config, 60) },
    );
    serve(fastify, ROUTES.comments.resolve, async (req) => {
      const { asset, userId } = sharedAssetOf(req);
      return ok(await service.resolve(asset, userId, req.body.comment_id, req.body.resolved));
    });
  };
}
