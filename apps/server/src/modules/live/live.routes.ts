import type { FastifyInstance } from 'fastify';
import { ROUTES } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/http/envelope.ts';
import { serve } from '../../platform/http/serve.ts';
import { installLiveDesktop } from './live.desktop.ts';
import { createLiveService } from './live.service.ts';
import { iceServersFor } from './live.tokens.ts';

/**
 * Live collaboration (spec 001 §7). Who may: live.policy.ts — members read, the host of a
 * started session invites and removes, the two members of a collaboration join and leave its call.
 */
export function liveRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const service = createLiveService(ctx);
    serve(fastify, ROUTES.live.state, async (req) => ok(await service.state(userIdOf(req), req.query)));
    serve(fastify, ROUTES.live.invite, async (req) => ok(await service.invite(userIdOf(req), req.body)));
    serve(fastify, ROUTES.live.remove, async (req) => ok(await service.remove(userIdOf(req), req.body)));
    serve(fastify, ROUTES.live.join, async (req) =>
      ok(await service.join(userIdOf(req), req.body.live_collaboration_db_id, req.body.uid)),
    );
    serve(fastify, ROUTES.live.leave, async (req) =>
      ok(await service.leave(userIdOf(req), req.body.live_collaboration_db_id)),
    );
    serve(fastify, ROUTES.live.iceServers, async (req) =>
      ok({ ice_servers: iceServersFor(ctx.config, userIdOf(req)), ttl: ctx.config.TURN_TTL_SECONDS }),
    );
    // the guest's view of the host's workstation (a WebSocket, not a route of the map)
    installLiveDesktop(ctx, fastify, fastify.log);
  };
}
