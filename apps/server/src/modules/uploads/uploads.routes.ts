import type { FastifyInstance } from 'fastify';
import {
  API,
  abortUploadBody,
  completeUploadAnswer,
  completeUploadBody,
  listPartsAnswer,
  listPartsQuery,
  listSessionsAnswer,
  listSessionsQuery,
  signPartsAnswer,
  signPartsBody,
  startUploadAnswer,
  startUploadBody,
} from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { messageReply, ok, replies } from '../../platform/http/envelope.ts';
import { limit, typed } from '../../platform/http/routes.ts';
import { createCompleteUpload } from './uploads.complete.ts';
import { createUploadsService } from './uploads.service.ts';

const tags = ['uploads'];

/**
 * The chunked-upload protocol (spec 002 §7 Uploads). Who may: members holding can_upload_assets in
 * the project; a session is its starter's only. The part PUTs themselves go to signed URLs (the fs
 * driver's route in platform/blobs, or S3).
 */
export function uploadsRoutes(ctx: AppContext) {
  const service = createUploadsService(ctx);
  const complete = createCompleteUpload(ctx);

  return async (fastify: FastifyInstance) => {
    const app = typed(fastify);

    app.post(
      API.uploads.root,
      {
        schema: { tags, body: startUploadBody, response: replies(startUploadAnswer) },
        config: { policy: 'projects.canWriteAssets', rateLimit: limit(ctx.config, 600) },
      },
      async (req) => ok(await service.start(userIdOf(req), req.body, req.log)),
    );

    app.post(
      API.uploads.signParts,
      {
        schema: { tags, body: signPartsBody, response: replies(signPartsAnswer) },
        config: { policy: 'projects.canWriteAssets', rateLimit: limit(ctx.config, 1200) },
      },
      async (req) => ok(await service.signMore(userIdOf(req), req.body)),
    );

    app.get(
      API.uploads.parts,
      {
        schema: { tags, querystring: listPartsQuery, response: replies(listPartsAnswer) },
        config: { policy: 'projects.canWriteAssets' },
      },
      async (req) => ok(await service.parts(userIdOf(req), req.query.project_db_id, req.query.upload_id)),
    );

    app.get(
      API.uploads.sessions,
      {
        schema: { tags, querystring: listSessionsQuery, response: replies(listSessionsAnswer) },
        config: { policy: 'projects.canWriteAssets' },
      },
      async (req) => ok(await service.sessions(userIdOf(req), req.query.project_db_id)),
    );

    app.post(
      API.uploads.complete,
      {
        schema: { tags, body: completeUploadBody, response: replies(completeUploadAnswer) },
        config: { policy: 'projects.canWriteAssets', rateLimit: limit(ctx.config, 600) },
      },
      async (req) => ok(await complete(userIdOf(req), req.body)),
    );

    app.delete(
      API.uploads.root,
      {
        schema: { tags, body: abortUploadBody, response: messageReply },
        config: { policy: 'projects.canWriteAssets' },
      },
      async (req) => ok(await service.abort(userIdOf(req), req.body)),
    );
  };
}
