import type { FastifyInstance } from 'fastify';
import { ROUTES } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { serve } from '../../platform/http/serve.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/http/envelope.ts';
import { accessOf } from '../../platform/policies.ts';
import { limit } from '../../platform/http/routes.ts';
import { createAssetsService } from './assets.service.ts';
import { createBrowseService } from './browse.service.ts';
import { createCopyMoveService } from './copyMove.service.ts';
import { createAssetViewService } from './view.service.ts';

/**
 * Folders and asset operations. Who may: project members list, search, browse their folders and
 * read metadata; can_upload_assets creates folders and is the destination right of copy/move;
 * can_delete_assets deletes; can_copy_move_assets copies and moves (a move across projects also
 * needs can_delete_assets in the source); can_add_update_asset_metadata edits metadata. Every user
 * reads and saves their own view (list or grid, card size), never another's.
 */
export function assetsRoutes(ctx: AppContext) {
  const service = createAssetsService(ctx);
  const browse = createBrowseService(ctx);
  const copyMove = createCopyMoveService(ctx);
  const views = createAssetViewService(ctx);

  return async (fastify: FastifyInstance) => {
    serve(fastify, ROUTES.assets.list, async (req) => ok(await service.list(userIdOf(req), req.query)));

    serve(fastify, ROUTES.assets.remove, async (req) => ok(await service.remove(userIdOf(req), req.body)), {
      rateLimit: limit(ctx.config, 60),
    });

    serve(
      fastify,
      ROUTES.assets.createFolder,
      async (req) => ok(await service.createFolder(userIdOf(req), req.body)),
      { rateLimit: limit(ctx.config, 120) },
    );

    serve(fastify, ROUTES.assets.search, async (req) => ok(await service.search(userIdOf(req), req.query)));

    serve(
      fastify,
      ROUTES.assets.copyMove,
      async (req) => ok(await copyMove.run(accessOf(req, 'projects.canCopyMoveAssets'), req.body)),
      {
        rateLimit: limit(ctx.config, 60),
      },
    );

    serve(fastify, ROUTES.assets.browse, async (req) => ok(await browse.browse(userIdOf(req), req.query)));

    serve(fastify, ROUTES.assets.metadata, async (req) =>
      ok(await service.metadata(accessOf(req, 'projects.canViewProject'), req.query.ingest_db_id)),
    );

    serve(fastify, ROUTES.assets.updateMetadata, async (req) =>
      ok(await service.updateMetadata(userIdOf(req), req.body)),
    );

    serve(fastify, ROUTES.assets.view, async (req) => ok(await views.get(userIdOf(req))));
    serve(fastify, ROUTES.assets.saveView, async (req) => ok(await views.save(userIdOf(req), req.body)), {
      rateLimit: limit(ctx.config, 120),
    });
  };
}
