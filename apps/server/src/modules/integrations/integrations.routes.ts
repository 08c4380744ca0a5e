import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ROUTES } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/http/envelope.ts';
import { serve } from '../../platform/http/serve.ts';
import { accessOf } from '../../platform/policies.ts';
import { createBucketTransfers } from './bucketTransfers.ts';
import { createBucketsService } from './buckets.service.ts';
import { createSprinklrService } from './sprinklr.service.ts';

/** What the route's policy loaded: the named team's access, or one integration with its team's. */
const team = (req: FastifyRequest) => accessOf(req, 'integrations.canUseIntegrations');
const one = (req: FastifyRequest) => accessOf(req, 'integrations.canUseIntegration');
/** The same, on the routes that create, test or delete an integration (the team admin's). */
const adminOf = (req: FastifyRequest) => accessOf(req, 'integrations.canManageIntegrations');
const managed = (req: FastifyRequest) => accessOf(req, 'integrations.canManageIntegration');

/**
 * Amazon S3 and Contido (spec 002 §7). Who may: can_view_app_integration in the integration's team
 * on every route, the team admin to create, test or delete one (integrations.policy.ts, before the
 * handler); imports need write access to the
 * project, exports the right to take originals out of it. Contido is the same code over its own
 * S3-compatible endpoint (docs/decisions/0028-integrations-and-transfers.md).
 */
export function integrationsRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const R = ROUTES.integrations;
    const s3 = createBucketsService(ctx, 's3');
    const contido = createBucketsService(ctx, 'contido');
    const s3Moves = createBucketTransfers(ctx, 's3');
    const contidoMoves = createBucketTransfers(ctx, 'contido');

    serve(fastify, R.s3List, async (req) => ok({ s3_integrations: await s3.list(req.query.team_db_id) }));
    serve(fastify, R.s3Detail, async (req) => ok({ s3_integration: s3.detail(one(req).integration) }));
    serve(fastify, R.s3Setup, async (req) => ok(s3.setup(team(req), req.query.team_db_id)));
    serve(fastify, R.s3Create, async (req) => {
      const { message, integration } = await s3.create(adminOf(req), req.body);
      return ok({ message, s3_integration: integration });
    });
    serve(fastify, R.s3Delete, async (req) => ok(await s3.remove(managed(req).integration)));
    serve(fastify, R.s3Test, async (req) => ok(await s3.test(managed(req).integration)));
    serve(fastify, R.s3Buckets, async (req) => ok(await s3.buckets(req.query)));
    serve(fastify, R.s3Folders, async (req) => ok(await s3.folders(one(req).integration, req.query)));
    serve(fastify, R.s3Uploads, async (req) => ok(await s3Moves.startExport(one(req), req.body)));
    serve(fastify, R.s3Imports, async (req) => ok(await s3Moves.startImport(one(req), req.body)));

    serve(fastify, R.contidoList, async (req) =>
      ok({ integrations: await contido.list(req.query.team_db_id) }),
    );
    serve(fastify, R.contidoDetail, async (req) => ok({ integration: contido.detail(one(req).integration) }));
    serve(fastify, R.contidoCreate, async (req) => ok(await contido.create(adminOf(req), req.body)));
    serve(fastify, R.contidoDelete, async (req) => ok(await contido.remove(managed(req).integration)));
    serve(fastify, R.contidoTest, async (req) => ok(await contido.test(managed(req).integration)));
    serve(fastify, R.contidoBuckets, async (req) => ok(await contido.buckets(req.query)));
    serve(fastify, R.contidoFolders, async (req) =>
      ok(await contido.folders(one(req).integration, req.query)),
    );
    serve(fastify, R.contidoUploads, async (req) => ok(await contidoMoves.startExport(one(req), req.body)));
    serve(fastify, R.contidoImports, async (req) => ok(await contidoMoves.startImport(one(req), req.body)));

    const S = ROUTES.sprinklr;
    const sprinklr = createSprinklrService(ctx);
    serve(fastify, S.list, async (req) => ok({ integrations: await sprinklr.list(req.query.team_db_id) }));
    serve(fastify, S.detail, async (req) => ok({ integration: sprinklr.detail(one(req).integration) }));
    serve(fastify, S.options, async (req) => ok(await sprinklr.options(req.query)));
    serve(fastify, S.validate, async (req) => ok(await sprinklr.validate(req.query)));
    serve(fastify, S.create, async (req) => ok(await sprinklr.create(adminOf(req), req.body)));
    serve(fastify, S.remove, async (req) => ok(await sprinklr.remove(managed(req).integration)));
    serve(fastify, S.shareTargets, async (req) =>
      ok({ integrations: await sprinklr.shareTargets(req.query) }),
    );
    serve(fastify, S.share, async (req) => ok(await sprinklr.share(one(req), req.body)));
    serve(fastify, S.sharedStatus, async (req) => ok(await sprinklr.sharedStatus(userIdOf(req), req.query)));
  };
}
