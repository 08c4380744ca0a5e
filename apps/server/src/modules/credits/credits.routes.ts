import type { FastifyInstance } from 'fastify';
import { ROUTES } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { serve } from '../../platform/http/serve.ts';
import { accessOf } from '../../platform/policies.ts';
import { ok } from '../../platform/http/envelope.ts';
import { createCreditsService } from './credits.service.ts';

/** The team's credits: balance and ledger, for the team's admins (credits.policy.ts). */
export function creditsRoutes(ctx: AppContext) {
  const service = createCreditsService(ctx.db);
  return async (fastify: FastifyInstance) => {
    serve(fastify, ROUTES.credits.balance, async (req) =>
      ok(await service.balance(accessOf(req, 'credits.authorizeCreditsAdmin').team.id)),
    );
    serve(fastify, ROUTES.credits.transactions, async (req) => ok(await service.transactions(req.query)));
  };
}
