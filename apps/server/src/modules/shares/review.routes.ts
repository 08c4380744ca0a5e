import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  API,
  addReviewCommentBody,
  assetCommentsPage,
  commentSaved,
  reviewCommentsQuery,
  reviewAnswer,
  reviewFileQuery,
  reviewQuery,
  unlockAnswer,
  unlockBody,
  MSG,
} from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { parseRangeHeader } from '../../platform/blobs/fsBlobRoutes.ts';
import { ok, replies } from '../../platform/http/envelope.ts';
import { limit, typed } from '../../platform/http/routes.ts';
import { sendMediaStream } from '../media/index.ts';
import { fieldError } from '../../platform/http/errors.ts';
import { createCommentsService } from './comments.service.ts';
import { createReviewService, grantCookie, type Viewer } from './shares.review.ts';

const tags = ['review'];

const viewerOf = (req: FastifyRequest): Viewer => ({
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
    const app = typed(fastify);
    const r = API.review;
    app.get(
      r.root,
      {
        schema: { tags, querystring: reviewQuery, response: replies(reviewAnswer) },
        config: { access: 'public', rateLimit: limit(ctx.config, 120) },
      },
      async (req) => ok(await service.show(req.query, viewerOf(req))),
    );
    app.post(
      r.unlock,
      {
        schema: { tags, body: unlockBody, response: replies(unlockAnswer) },
        config: { access: 'public', rateLimit: limit(ctx.config, 60) },
      },
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
    );
    // Comments through a live link: anyone who passed its gate reads; a guest writes under a typed
    // name (a logged-in viewer writes as themselves).
    app.get(
      r.comments,
      {
        schema: { tags, querystring: reviewCommentsQuery, response: replies(assetCommentsPage) },
        config: { access: 'public', rateLimit: limit(ctx.config, 240) },
      },
      async (req) => {
        const { asset } = await service.openLink(req.query, viewerOf(req));
        return ok(await comments.list(asset, req.query.page_no, req.query.entries_per_page));
      },
    );
    app.post(
      r.comments,
      {
        schema: { tags, body: addReviewCommentBody, response: replies(commentSaved) },
        config: { access: 'public', rateLimit: limit(ctx.config, 30) },
      },
      async (req) => {
        const viewer = viewerOf(req);
        const { link, asset } = await service.openLink(req.body, viewer);
        if (viewer.userId) return ok(await comments.add(asset, { userId: viewer.userId }, req.body));
        if (!req.body.guest_name) throw fieldError('guest_name', MSG.guestNameRequired);
        return ok(await comments.add(asset, { guestName: req.body.guest_name, linkId: link.id }, req.body));
      },
    );
    // Bytes for <video>/<audio>/<img> and the download: streamed with ranges, like the player.
    app.get(
      r.file,
      { schema: { tags, querystring: reviewFileQuery }, config: { access: 'public' } },
      async (req, reply) => {
        const opened = await service.file(req.query, req.query.kind, viewerOf(req), (size) =>
          parseRangeHeader(req.headers.range, size),
        );
        return sendMediaStream(reply, opened, { attachment: req.query.kind === 'original' });
      },
    );
  };
}
