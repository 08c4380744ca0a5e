import type { FastifyInstance } from 'fastify';
import { ROUTES } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { serve } from '../../platform/http/serve.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/http/envelope.ts';
import { limit } from '../../platform/http/routes.ts';
import { searchUsers } from './search.service.ts';
import { passTeamGate } from './teamGate.ts';

/**
 * User search (member pickers). Who may: any logged-in user; with team_id, only a member of that
 * team. Results are limited to people sharing a team with the caller, or an exact e-mail.
 */
export function usersRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    serve(
      fastify,
      ROUTES.users.search,
      async (req) => {
        const userId = userIdOf(req);
        if (req.query.team_id) await passTeamGate(ctx, userId, req.query.team_id);
        return ok({ users: await searchUsers(ctx.db, userId, req.query.search_text) });
      },
      { rateLimit: limit(ctx.config, 60) },
    );
  };
}
