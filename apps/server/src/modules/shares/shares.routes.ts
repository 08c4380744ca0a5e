import type { FastifyInstance } from 'fastify';
import {
  API,
  SHARE_DURATION_DEFAULT,
  defaultShareSettings,
  removeSharedUserBody,
  revokeLinkBody,
  shareAnswer,
  shareBody,
  sharedUsers,
  sharedUsersQuery,
  shareSettingsAnswer,
  shareSettingsQuery,
} from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { messageReply, ok, replies } from '../../platform/http/envelope.ts';
import { limit, typed } from '../../platform/http/routes.ts';
import { createSharePeopleService } from './shares.people.ts';

const tags = ['sharing'];

/**
 * Sharing calls (spec 002 §7): settings, share, shared users, remove a shared user, revoke a link.
 * Who may: members of the asset's project read its shared users; sharing, removing shared users and
 * revoking need can_share_to_download_rushesio_assets or can_share_to_download_all_assets (§6).
 */
export function sharesRoutes(ctx: AppContext) {
  const service = createSharePeopleService(ctx);
  return async (fastify: FastifyInstance) => {
    const app = typed(fastify);
    const s = API.shares;
    // The same list for both roles (spec 002 §6 names them; nothing shown differs): docs/decisions.md.
    app.get(
      s.settings,
      {
        schema: { tags, querystring: shareSettingsQuery, response: replies(shareSettingsAnswer) },
        config: { policy: 'self' },
      },
      async () => ok({ settings: defaultShareSettings(), duration: SHARE_DURATION_DEFAULT }),
    );
    app.post(
      s.root,
      {
        schema: { tags, body: shareBody, response: replies(shareAnswer) },
        config: { policy: 'shares.canShare', rateLimit: limit(ctx.config, 30) },
      },
      async (req) => ok(await service.share(userIdOf(req), req.body)),
    );
    app.get(
      s.users,
      {
        schema: { tags, querystring: sharedUsersQuery, response: replies(sharedUsers) },
        config: { policy: 'projects.canViewProject' },
      },
      async (req) => ok(await service.sharedUsers(userIdOf(req), req.query.ingest_db_id)),
    );
    app.put(
      s.root,
      {
        schema: { tags, body: removeSharedUserBody, response: messageReply },
        config: { policy: 'shares.canRemoveSharedUser' },
      },
      async (req) => ok(await service.removeSharedUser(userIdOf(req), req.body)),
    );
    app.put(
      s.revoke,
      {
        schema: { tags, body: revokeLinkBody, response: messageReply },
        config: { policy: 'shares.canShare' },
      },
      async (req) => ok(await service.revoke(userIdOf(req), req.body.share_link_db_id)),
    );
  };
}
