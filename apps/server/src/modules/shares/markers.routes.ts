import type { FastifyInstance } from 'fastify';
import { ROUTES } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { attachmentDisposition } from '../../platform/blobs/blobStore.ts';
import { limit } from '../../platform/http/routes.ts';
import { serve } from '../../platform/http/serve.ts';
import { accessOf } from '../../platform/policies.ts';
import { createMarkersService } from './markers.service.ts';

/**
 * Comments exported as markers (a file download, not the JSON envelope). Who may: any member of the
 * project (markers.policy.ts), for one asset or for every commented asset of the project.
 */
export function markersRoutes(ctx: AppContext) {
  const service = createMarkersService(ctx);
  return async (fastify: FastifyInstance) => {
    serve(
      fastify,
      ROUTES.comments.markers,
      async (req, reply) => {
        const access = accessOf(req, 'shares.canExportMarkers');
        const file = await service.export(access, req.query.format, !req.query.ingest_db_id);
        return reply
          .header('Content-Type', file.contentType)
          .header('Content-Length', String(file.body.length))
          .header('Content-Disposition', attachmentDisposition(file.filename))
          .header('X-Content-Type-Options', 'nosniff')
          .header('Content-Security-Policy', "default-src 'none'; sandbox")
          .header('Cache-Control', 'private, no-store')
          .send(file.body);
      },
      // the PDF grabs a frame per comment with ffmpeg
      { rateLimit: limit(ctx.config, 30) },
    );
  };
}
