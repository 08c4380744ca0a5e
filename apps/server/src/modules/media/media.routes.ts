import type { FastifyInstance } from 'fastify';
import { MSG, ROUTES } from '@rushes/shared';
import { attachmentDisposition } from '../../platform/blobs/blobStore.ts';
import { parseRangeHeader } from '../../platform/blobs/fsBlobRoutes.ts';
import type { AppContext } from '../../platform/context.ts';
import { serve } from '../../platform/http/serve.ts';
import { ok } from '../../platform/http/envelope.ts';
import { createMediaService, mediaAccessOf } from './media.service.ts';

/**
 * Player routes. Who may: any logged-in user reads the external-player setting; members of the
 * asset's project read its detail and bytes (the same rule as listing it).
 */
export function mediaRoutes(ctx: AppContext) {
  const service = createMediaService(ctx);

  return async (fastify: FastifyInstance) => {
    serve(fastify, ROUTES.media.config, async () => ok(service.playerConfig()));

    serve(fastify, ROUTES.media.asset, async (req) => ok(await service.asset(mediaAccessOf(req))));

    // Bytes for <video>/<audio>/<img>: streamed from the store, never buffered; Range answers 206.
    serve(fastify, ROUTES.media.file, async (req, reply) => {
      const opened = await service.open(
        mediaAccessOf(req),
        req.query.kind,
        (size) => parseRangeHeader(req.headers.range, size),
        req.query.page,
      );
      if ('unsatisfiable' in opened) {
        return reply
          .code(416)
          .header('Content-Range', `bytes */${opened.unsatisfiable}`)
          .send({ response: false, data: null, errormessage: MSG.rangeNotSatisfiable });
      }
      const { object, range } = opened;
      reply
        .header('Content-Type', opened.contentType)
        .header('Content-Length', String(object.contentLength))
        .header('Content-Disposition', opened.inline ? 'inline' : attachmentDisposition(opened.filename))
        .header('Accept-Ranges', 'bytes')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', 'private, max-age=300');
      if (range) reply.code(206).header('Content-Range', `bytes ${range.start}-${range.end}/${object.size}`);
      return reply.send(object.body);
    });
  };
}
