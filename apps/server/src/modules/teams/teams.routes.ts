import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { API, teamSummary } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { ok, replies } from '../../platform/http/envelope.ts';
import { typed } from '../../platform/http/routes.ts';
import { listTeamsForUser } from './teams.service.ts';

/** The caller's own teams (the switcher); filtered by membership in SQL. */
export function teamsRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    typed(fastify).get(
      API.teams.root,
      { schema: { tags: ['teams'], response: replies(z.object({ teams: z.array(teamSummary) })) } },
      async (req) => ok({ teams: await listTeamsForUser(ctx.db, userIdOf(req)) }),
    );
  };
}
