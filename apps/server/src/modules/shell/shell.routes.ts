import type { FastifyInstance } from 'fastify';
import { ROUTES } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { serve } from '../../platform/http/serve.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/http/envelope.ts';
import { createShellService } from './shell.service.ts';

/**
 * The app shell (spec 002 §7 support-chat, product tour).
 * - GET config, GET support-chat: any logged-in user (deployment settings, no secret).
 * - GET / PUT product-tour: the caller's own flag.
 * - GET team shell settings: members of the team; PUT: its owners (teams.canView / canUpdate).
 */
export function shellRoutes(ctx: AppContext) {
  const service = createShellService(ctx);

  return async (fastify: FastifyInstance) => {
    serve(fastify, ROUTES.shell.config, async () => ok(service.config()));
    serve(fastify, ROUTES.shell.supportChat, async () => ok(service.supportChat()));
    serve(fastify, ROUTES.shell.tour, async (req) => ok(await service.tour(userIdOf(req))));
    serve(fastify, ROUTES.shell.updateTour, async (req) =>
      ok(await service.setTour(userIdOf(req), req.body.completed)),
    );
    serve(fastify, ROUTES.shell.teamSettings, async (req) =>
      ok(await service.teamSettings(req.query.team_db_id)),
    );
    serve(fastify, ROUTES.shell.updateTeamSettings, async (req) =>
      ok(await service.setTeamSettings(req.body.team_db_id, req.body.block_dev_tools)),
    );
  };
}
