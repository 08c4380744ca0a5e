import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG, ROUTES } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { parseRangeHeader } from '../../platform/blobs/fsBlobRoutes.ts';
import { ok } from '../../platform/http/envelope.ts';
import { limit } from '../../platform/http/routes.ts';
import { serve } from '../../platform/http/serve.ts';
import { sendMediaStream } from '../media/index.ts';
import { fieldError } from '../../platform/http/errors.ts';
import { createCommentsService } from './comments.service.ts';
import { createReviewService, grantCookie, type Viewer } from './shares.review.ts';
import { viewerCookie } from './shares.watermark.ts';

/** Who is opening a link: also what another module's review route passes (reviewFileGate). */
export const viewerOf = (req: FastifyRequest): Viewer => ({
  userId: req.session?.kind === 'full' ? req.session.userId : null,
  address: req.ip,
  cookies: req.cookies,
});

/**
 * The public review page's calls (no account needed; the link token is the proof). Who may: anyone
 * holding a live link (and its passcode when it has one); members of the asset's project skip the
 * passcode; a tray card (shared_asset) opens only for its logged-in recipient.
 */
export function reviewRoutes(ctx: AppContext) {
  const service = createReviewService(ctx);
  const comments = createCommentsService(ctx);
  return async (fastify: FastifyInstance) => {
    serve(fastify, ROUTES.review.show, async (req) => ok(await service.show(req.query, viewerOf(req))), {
      rateLimit: limit(ctx.config, 120),
    });
    serve(
      fastify,
      ROUTES.review.unlock,
      async (req, reply) => {
        const { grant, link, expiresAt } = await service.unlock(req.body, req.body.passcode, viewerOf(req));
        if (grant)
          reply.setCookie(grantCookie(link.id), grant, {
            httpOnly: true,
            sameSite: 'lax',
            secure: ctx.config.publicUrl.startsWith('https://'),
            path: '/api/review',
            expires: expiresAt,
          });
        return ok({ message: MSG.passcodeAccepted });
      },
      { rateLimit: limit(ctx.config, 60) },
    );
    // Comments through a live link: anyone who passed its gate reads; a guest writes under a typed
    // name (a logged-in viewer writes as themselves).
    serve(
      fastify,
      ROUTES.review.comments,
      async (req) => {
        const { asset } = await service.openLink(req.query, viewerOf(req));
        return ok(await comments.list(asset, req.query.page_no, req.query.entries_per_page));
      },
      { rateLimit: limit(ctx.config, 240) },
    );
    serve(
      fastify,
      ROUTES.review.addComment,
      async (req) => {
        const viewer = viewerOf(req);
        const { link, asset } = await service.openLink(req.body, viewer);
        if (viewer.userId) return ok(await comments.add(asset, { userId: viewer.userId }, req.body));
        if (!req.body.guest_name) throw fieldError('guest_name', MSG.guestNameRequired);
        return ok(await comments.add(asset, { guestName: req.body.guest_name, linkId: link.id }, req.body));
      },
      { rateLimit: limit(ctx.config, 30) },
    );
    // Bytes for <video>/<audio>/<img> and the download: streamed with ranges, like the player.
    serve(fastify, ROUTES.review.file, async (req, reply) => {
      const opened = await service.file(
        req.query,
        req.query.kind,
        viewerOf(req),
        (size) => parseRangeHeader(req.headers.range, size),
        req.query.page,
      );
      return sendMediaStream(reply, opened, { attachment: req.query.kind === 'original' });
    });
    // A watermarked link: the viewer's copy of the file shown. Starting it needs an e-mail (a
    // logged-in viewer's own); a typed one is kept in a signed cookie for the link's other files.
    serve(
      fastify,
      ROUTES.review.watermark,
      async (req) => {
        const viewer = viewerOf(req);
        const { link, asset } = await service.openLink(req.query, viewer);
        return ok(await service.watermark.state(req.query, link, asset, viewer));
      },
      { rateLimit: limit(ctx.config, 240) },
    );
    serve(
      fastify,
      ROUTES.review.startWatermark,
      async (req, reply) => {
        const viewer = viewerOf(req);
        const { link, asset } = await service.openLink(req.body, viewer);
        const { email: typed, ...key } = req.body;
        const { state, cookie } = await service.watermark.start(key, link, asset, viewer, typed);
        if (cookie)
          reply.setCookie(viewerCookie(link.id), cookie, {
            httpOnly: true,
            sameSite: 'lax',
            secure: ctx.config.publicUrl.startsWith('https://'),
            path: '/api/review',
            expires: link.expiresAt,
          });
        return ok(state);
      },
      { rateLimit: limit(ctx.config, 30) },
    );
  };
}
