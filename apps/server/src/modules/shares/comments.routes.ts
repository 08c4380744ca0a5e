import type { FastifyInstance } from 'fastify';
import { MSG, ROUTES } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/http/envelope.ts';
import { forbidden } from '../../platform/http/errors.ts';
import { limit } from '../../platform/http/routes.ts';
import { serve } from '../../platform/http/serve.ts';
import { createCommentsService } from './comments.service.ts';
import { authorizeSharedAsset, sharedAssetOf } from './shares.policy.ts';

const anyMember = () => true;

/**
 * Review comments of members (spec 002 §3 Asset comments). Who may: members of the asset's project
 * read, add, reply, resolve and reopen (the review page's own routes serve link holders and guests).
 * List and add get the asset from their policy (shares.policy.ts sharedAssetPolicy); resolving names
 * a comment, so its asset is checked here.
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
      const userId = userIdOf(req);
      const of = await service.assetOfComment(req.body.comment_id);
      if (!of) throw forbidden(MSG.commentNotFound);
      const { asset } = await authorizeSharedAsset(ctx.db, userId, of.assetId, anyMember).catch(() => {
        throw forbidden(MSG.commentNotFound);
      });
      return ok(await service.resolve(asset, userId, req.body.comment_id, req.body.resolved));
    });
  };
}
