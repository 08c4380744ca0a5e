import type { FastifyInstance } from 'fastify';
import { ROUTES } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { serve } from '../../platform/http/serve.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/http/envelope.ts';
import { createCameraService } from './camera.service.ts';
import { ftpHandleOf } from './ftpServer.ts';
import { closeFtpState } from './ftpStatus.ts';
import { createTokensService } from './tokens.service.ts';
import { sendUploaderFile, uploaderBuilds, uploaderUrl } from './uploader.ts';

/** Camera to edit (spec 001 §7) and the uploader download (001 §2, 002 §7). */
export function cameraRoutes(ctx: AppContext) {
  const service = createCameraService(ctx);
  const tokens = createTokensService(ctx);
  return async (fastify: FastifyInstance) => {
    // The FTP server (started by the module's schedule) closes with the app.
    fastify.addHook('onClose', async () => {
      await ftpHandleOf(ctx)?.close();
      await closeFtpState(ctx);
    });
    serve(fastify, ROUTES.camera.models, async () => ok(await service.models()));
    serve(fastify, ROUTES.camera.folders, async (req) => ok(await service.folders(req.query.project_db_id)));
    serve(fastify, ROUTES.camera.list, async (req) => ok(await service.list(req.query.project_db_id)));
    serve(fastify, ROUTES.camera.create, async (req) => ok(await service.create(userIdOf(req), req.body)));
    serve(fastify, ROUTES.camera.get, async (req) =>
      ok(await service.get(req.query.project_db_id, req.query.c2e_session_db_id)),
    );
    serve(fastify, ROUTES.camera.act, async (req) => ok(await service.act(req.body)));
    serve(fastify, ROUTES.camera.remove, async (req) => ok(await service.remove(req.body)));
    serve(fastify, ROUTES.camera.uploaderDownload, async (req) =>
      ok(await uploaderUrl(ctx.config, req.query.os as never)),
    );
    serve(fastify, ROUTES.camera.uploaderBuilds, async () => ok(await uploaderBuilds(ctx.config)));
    serve(fastify, ROUTES.camera.uploaderFile, async (req, reply) =>
      sendUploaderFile(ctx.config, req.query.name, req.headers.range, reply),
    );
    serve(fastify, ROUTES.camera.tokens, async (req) => ok(await tokens.list(userIdOf(req))));
    serve(fastify, ROUTES.camera.createToken, async (req) =>
      ok(await tokens.create(userIdOf(req), req.body)),
    );
    serve(fastify, ROUTES.camera.revokeToken, async (req) =>
      ok(await tokens.revoke(userIdOf(req), req.body.id)),
    );
  };
}
