import type { FastifyInstance } from 'fastify';
import { ROUTES } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { serve } from '../../platform/http/serve.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/http/envelope.ts';
import { limit } from '../../platform/http/routes.ts';
import { createCompleteUpload } from './uploads.complete.ts';
import { createUploadsService } from './uploads.service.ts';

/**
 * The chunked-upload protocol (spec 002 §7 Uploads). Who may: members holding can_upload_assets in
 * the project; a session is its starter's only. The part PUTs themselves go to signed URLs (the fs
 * driver's route in platform/blobs, or S3).
 */
export function uploadsRoutes(ctx: AppContext) {
  const service = createUploadsService(ctx);
  const complete = createCompleteUpload(ctx);

  return async (fastify: FastifyInstance) => {
    serve(
      fastify,
      ROUTES.uploads.start,
      async (req) => ok(await service.start(userIdOf(req), req.body, req.log)),
      { rateLimit: limit(ctx.config, 600) },
    );

    serve(
      fastify,
      ROUTES.uploads.signParts,
      async (req) => ok(await service.signMore(userIdOf(req), req.body)),
      { rateLimit: limit(ctx.config, 1200) },
    );

    serve(fastify, ROUTES.uploads.parts, async (req) =>
      ok(await service.parts(userIdOf(req), req.query.project_db_id, req.query.upload_id)),
    );

    serve(fastify, ROUTES.uploads.sessions, async (req) =>
      ok(await service.sessions(userIdOf(req), req.query.project_db_id)),
    );

    serve(fastify, ROUTES.uploads.complete, async (req) => ok(await complete(userIdOf(req), req.body)), {
      rateLimit: limit(ctx.config, 600),
    });

    serve(fastify, ROUTES.uploads.abort, async (req) => ok(await service.abort(userIdOf(req), req.body)));
  };
}
