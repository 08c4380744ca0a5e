import type { FastifyInstance } from 'fastify';
import { ROUTES, STATE_CODES } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { serve } from '../../platform/http/serve.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/http/envelope.ts';
import { createBillingService } from './billing.service.ts';

/**
 * Billing details of a team (spec 002 §7 Billing).
 * - GET root: any member of the team.
 * - POST / PUT root: a team admin or a member holding can_manage_billing (billing.policy.ts).
 * - GET filters: any logged-in user (a fixed list).
 */
export function billingRoutes(ctx: AppContext) {
  const service = createBillingService(ctx);

  return async (fastify: FastifyInstance) => {
    serve(fastify, ROUTES.billing.get, async (req) =>
      ok(await service.get(userIdOf(req), (req.query.team_id ?? req.query.team_db_id)!)),
    );

    serve(fastify, ROUTES.billing.create, async (req) => ok(await service.save(userIdOf(req), req.body)));

    serve(fastify, ROUTES.billing.update, async (req) => ok(await service.save(userIdOf(req), req.body)));

    serve(fastify, ROUTES.billing.filters, async () => ok({ state_codes: STATE_CODES }));
  };
}
