import type { FastifyInstance } from 'fastify';
import { ROUTES } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/http/envelope.ts';
import { serve } from '../../platform/http/serve.ts';
import { createBucketTransfers } from './bucketTransfers.ts';
import { createBucketsService } from './buckets.service.ts';
import { createSprinklrService } from './sprinklr.service.ts';

/**
 * Amazon S3 and Contido (spec 002 §7). Who may: can_view_app_integration in the
 * integration's team on every route (integrations.policy.ts); imports need write access to the
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

    serve(fastify, R.s3List, async (req) =>
      ok({ s3_integrations: await s3.list(userIdOf(req), req.query.team_db_id) }),
    );
    serve(fastify, R.s3Detail, async (req) =>
      ok({ s3_integration: await s3.detail(userIdOf(req), req.query.s3_integration_db_id) }),
    );
    serve(fastify, R.s3Setup, async (req) => ok(await s3.setup(userIdOf(req), req.query.team_db_id)));
    serve(fastify, R.s3Create, async (req) => {
      const { message, integration } = await s3.create(userIdOf(req), req.body);
      return ok({ message, s3_integration: integration });
    });
    serve(fastify, R.s3Delete, async (req) =>
      ok(await s3.remove(userIdOf(req), req.body.s3_integration_db_id)),
    );
    serve(fastify, R.s3Test, async (req) => ok(await s3.test(userIdOf(req), req.body.s3_integration_db_id)));
    serve(fastify, R.s3Buckets, async (req) => ok(await s3.buckets(userIdOf(req), req.query)));
    serve(fastify, R.s3Folders, async (req) => ok(await s3.folders(userIdOf(req), req.query)));
    serve(fastify, R.s3Uploads, async (req) => ok(await s3Moves.startExport(userIdOf(req), req.body)));
    serve(fastify, R.s3Imports, async (req) => ok(await s3Moves.startImport(userIdOf(req), req.body)));

    serve(fastify, R.contidoList, async (req) =>
      ok({ integrations: await contido.list(userIdOf(req), req.query.team_db_id) }),
    );
    serve(fastify, R.contidoDetail, async (req) =>
      ok({ integration: await contido.detail(userIdOf(req), req.query.integration_db_id) }),
    );
    serve(fastify, R.contidoCreate, async (req) => ok(await contido.create(userIdOf(req), req.body)));
    serve(fastify, R.contidoDelete, async (req) =>
      ok(await contido.remove(userIdOf(req), req.body.integration_db_id)),
    );
    serve(fastify, R.contidoTest, async (req) =>
      ok(await contido.test(userIdOf(req), req.body.integration_db_id)),
    );
    serve(fastify, R.contidoBuckets, async (req) => ok(await contido.buckets(userIdOf(req), req.query)));
    serve(fastify, R.contidoFolders, async (req) => ok(await contido.folders(userIdOf(req), req.query)));
    serve(fastify, R.contidoUploads, async (req) =>
      ok(await contidoMoves.startExport(userIdOf(req), req.body)),
    );
    serve(fastify, R.contidoImports, async (req) =>
      ok(await contidoMoves.startImport(userIdOf(req), req.body)),
    );

    const S = ROUTES.sprinklr;
    const sprinklr = createSprinklrService(ctx);
    serve(fastify, S.list, async (req) =>
      ok({ integrations: await sprinklr.list(userIdOf(req), req.query.team_db_id) }),
    );
    serve(fastify, S.detail, async (req) =>
      ok({ integration: await sprinklr.detail(userIdOf(req), req.query.integration_db_id) }),
    );
    serve(fastify, S.options, async (req) => ok(await sprinklr.options(userIdOf(req), req.query)));
    serve(fastify, S.validate, async (req) => ok(await sprinklr.validate(userIdOf(req), req.query)));
    serve(fastify, S.create, async (req) => ok(await sprinklr.create(userIdOf(req), req.body)));
    serve(fastify, S.remove, async (req) =>
      ok(await sprinklr.remove(userIdOf(req), req.body.integration_db_id)),
    );
    serve(fastify, S.shareTargets, async (req) =>
      ok({ integrations: await sprinklr.shareTargets(userIdOf(req), req.query) }),
    );
    serve(fastify, S.share, async (req) => ok(await sprinklr.share(userIdOf(req), req.body)));
    serve(fastify, S.sharedStatus, async (req) => ok(await sprinklr.sharedStatus(userIdOf(req), req.query)));
  };
}
