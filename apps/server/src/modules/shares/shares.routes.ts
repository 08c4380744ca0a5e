import type { FastifyInstance } from 'fastify';
import { ROUTES, SHARE_DURATION_DEFAULT, defaultShareSettings } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { sharedAssetOf, sharedLinkOf } from './shares.policy.ts';
import { limit } from '../../platform/http/routes.ts';
import { serve } from '../../platform/http/serve.ts';
import { accessOf } from '../../platform/policies.ts';
import { createSharePeopleService } from './shares.people.ts';
import { createShareLinksService, linkOrigin } from './shares.links.ts';

/**
 * Sharing calls (spec 002 §7): settings, share, shared users, remove a shared user, revoke a link.
 * Who may: members of the asset's project read its shared users; sharing, removing shared users and
 * revoking need can_share_to_download_rushesio_assets or can_share_to_download_all_assets (§6).
 */
export function sharesRoutes(ctx: AppContext) {
  const service = createSharePeopleService(ctx);
  const links = createShareLinksService(ctx);
  return async (fastify: FastifyInstance) => {
    // The same list for both roles (spec 002 §6 names them; nothing shown differs): docs/decisions/0020-sharing-and-review.md.
    serve(fastify, ROUTES.shares.settings, async () =>
      ok({ settings: defaultShareSettings(), duration: SHARE_DURATION_DEFAULT }),
    );
    serve(
      fastify,
      ROUTES.shares.share,
      async (req) => ok(await service.share(accessOf(req, 'shares.canShare'), req.body)),
      { rateLimit: limit(ctx.config, 30) },
    );
    serve(fastify, ROUTES.shares.users, async (req) => ok(await service.sharedUsers(sharedAssetOf(req))));
    serve(fastify, ROUTES.shares.removeUser, async (req) =>
      ok(await service.removeSharedUser(accessOf(req, 'shares.canRemoveSharedUser'), req.body)),
    );
    serve(fastify, ROUTES.shares.revoke, async (req) => ok(await service.revoke(sharedLinkOf(req))));
    // The Share Links page: members who may share in the project (shares.canManageLinks).
    serve(fastify, ROUTES.shares.links, async (req) =>
      ok(await links.list(accessOf(req, 'shares.canManageLinks'), req.query.cursor)),
    );
    serve(fastify, ROUTES.shares.editLink, async (req) =>
      ok(await links.edit(accessOf(req, 'shares.canManageLinks'), req.body, linkOrigin(req, ctx.config))),
    );
    serve(fastify, ROUTES.shares.linkUrl, async (req) =>
      ok(links.url(accessOf(req, 'shares.canManageLinks'), linkOrigin(req, ctx.config))),
    );
  };
}
