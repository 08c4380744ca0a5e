import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { API, MSG, STATE_CODES, billingBody, billingDetail, billingFiltersQuery, uuid } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { ok, replies } from '../../platform/http/envelope.ts';
import { typed } from '../../platform/http/routes.ts';
import { createBillingService } from './billing.service.ts';

const tags = ['billing'];

/**
 * The team is named by team_id (its database id, docs/decisions.md); team_db_id, which the web client
 * adds to every call, is accepted in its place.
 */
const billingQuery = z
  .object({ team_id: uuid().optional(), team_db_id: uuid().optional() })
  .refine((q) => Boolean(q.team_id ?? q.team_db_id), { message: MSG.required, path: ['team_id'] });

const saved = replies(z.object({ message: z.string(), billing: billingDetail }));

/**
 * Billing details of a team (spec 002 §7 Billing).
 * - GET root: any member of the team.
 * - POST / PUT root: a team admin or a member holding can_manage_billing (billing.policy.ts).
 * - GET filters: any logged-in user (a fixed list).
 */
export function billingRoutes(ctx: AppContext) {
  const service = createBillingService(ctx);

  return async (fastify: FastifyInstance) => {
    const app = typed(fastify);

    app.get(
      API.billing.root,
      {
        schema: {
          tags,
          querystring: billingQuery,
          response: replies(z.object({ billing: billingDetail.nullable() })),
        },
        config: { policy: 'teams.canView' },
      },
      async (req) => ok(await service.get(userIdOf(req), (req.query.team_id ?? req.query.team_db_id)!)),
    );

    app.post(
      API.billing.root,
      { schema: { tags, body: billingBody, response: saved }, config: { policy: 'teams.canManageBilling' } },
      async (req) => ok(await service.save(userIdOf(req), req.body)),
    );

    app.put(
      API.billing.root,
      { schema: { tags, body: billingBody, response: saved }, config: { policy: 'teams.canManageBilling' } },
      async (req) => ok(await service.save(userIdOf(req), req.body)),
    );

    app.get(
      API.billing.filters,
      {
        schema: {
          tags,
          querystring: billingFiltersQuery,
          response: replies(
            z.object({ state_codes: z.array(z.object({ code: z.string(), name: z.string() })) }),
          ),
        },
        config: { policy: 'self' },
      },
      async () => ok({ state_codes: STATE_CODES }),
    );
  };
}
