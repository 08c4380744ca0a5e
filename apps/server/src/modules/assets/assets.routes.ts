import type { FastifyInstance } from 'fastify';
import {
  API,
  assetMetadata,
  assetPage,
  browseAnswer,
  browseQuery,
  copyMoveBody,
  createFolderAnswer,
  createFolderBody,
  deleteAssetsBody,
  listAssetsQuery,
  metadataQuery,
  searchAssetsQuery,
  updateMetadataBody,
} from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { messageReply, ok, replies } from '../../platform/http/envelope.ts';
import { limit, typed } from '../../platform/http/routes.ts';
import { createAssetsService } from './assets.service.ts';
import { createBrowseService } from './browse.service.ts';
import { createCopyMoveService } from './copyMove.service.ts';

const tags = ['assets'];

/**
 * Folders and asset operations. Who may: project members list, search, browse their folders and
 * read metadata; can_upload_assets creates folders and is the destination right of copy/move;
 * can_delete_assets deletes; can_copy_move_assets copies and moves (a move across projects also
 * needs can_delete_assets in the source); can_add_update_asset_metadata edits metadata.
 */
export function assetsRoutes(ctx: AppContext) {
  const service = createAssetsService(ctx);
  const browse = createBrowseService(ctx);
  const copyMove = createCopyMoveService(ctx);

  return async (fastify: FastifyInstance) => {
    const app = typed(fastify);

    app.get(
      API.assets.root,
      {
        schema: { tags, querystring: listAssetsQuery, response: replies(assetPage) },
        config: { policy: 'projects.canViewProject' },
      },
      async (req) => ok(await service.list(userIdOf(req), req.query)),
    );

    app.delete(
      API.assets.root,
      {
        schema: { tags, body: deleteAssetsBody, response: messageReply },
        config: { policy: 'projects.canDeleteAssets', rateLimit: limit(ctx.config, 60) },
      },
      async (req) => ok(await service.remove(userIdOf(req), req.body)),
    );

    app.post(
      API.assets.folder,
      {
        schema: { tags, body: createFolderBody, response: replies(createFolderAnswer) },
        config: { policy: 'projects.canWriteAssets', rateLimit: limit(ctx.config, 120) },
      },
      async (req) => ok(await service.createFolder(userIdOf(req), req.body)),
    );

    app.get(
      API.assets.search,
      {
        schema: { tags, querystring: searchAssetsQuery, response: replies(assetPage) },
        config: { policy: 'projects.canViewProject' },
      },
      async (req) => ok(await service.search(userIdOf(req), req.query)),
    );

    app.post(
      API.assets.copyMove,
      {
        schema: { tags, body: copyMoveBody, response: messageReply },
        config: { policy: 'projects.canCopyMoveAssets', rateLimit: limit(ctx.config, 60) },
      },
      async (req) => ok(await copyMove.run(userIdOf(req), req.body)),
    );

    app.get(
      API.projects.browse,
      {
        schema: { tags, querystring: browseQuery, response: replies(browseAnswer) },
        config: { policy: 'projects.canWriteAssets' },
      },
      async (req) => ok(await browse.browse(userIdOf(req), req.query)),
    );

    app.get(
      API.assets.metadata,
      {
        schema: { tags, querystring: metadataQuery, response: replies(assetMetadata) },
        config: { policy: 'projects.canViewProject' },
      },
      async (req) =>
        ok(await service.metadata(userIdOf(req), req.query.project_db_id, req.query.ingest_db_id)),
    );

    app.post(
      API.assets.metadata,
      {
        schema: { tags, body: updateMetadataBody, response: messageReply },
        config: { policy: 'projects.canEditMetadata' },
      },
      async (req) => ok(await service.updateMetadata(userIdOf(req), req.body)),
    );
  };
}
