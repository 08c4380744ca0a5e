import type { FastifyInstance } from 'fastify';
import { ROUTES } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/http/envelope.ts';
import { accessOf } from '../../platform/policies.ts';
import { serve } from '../../platform/http/serve.ts';
import { createSubscriptionsService } from './subscriptions.service.ts';

/**
 * The team's subscription (spec 002 §7 Subscription, storage, credits). Every route: the team's
 * admins (owners) only (subscriptions.policy.ts canManageSubscription).
 */
export function subscriptionRoutes(ctx: AppContext) {
  const service = createSubscriptionsService(ctx);
  const R = ROUTES.subscription;
  return async (fastify: FastifyInstance) => {
    serve(fastify, R.get, async (req) => ok(await service.state(accessOf(req, R.get.policy))));
    serve(fastify, R.plans, async (req) => ok(await service.plans(accessOf(req, R.plans.policy))));
    serve(fastify, R.planDetails, async (req) =>
      ok(await service.planDetails(accessOf(req, R.planDetails.policy), req.query.subscription_db_id)),
    );
    serve(fastify, R.storage, async (req) => ok(await service.storage(accessOf(req, R.storage.policy))));
    serve(fastify, R.upgrade, async (req) => ok(await service.upgrade(userIdOf(req), req.body)));
    serve(fastify, R.renew, async (req) => ok(await service.renew(userIdOf(req), req.body)));
    serve(fastify, R.addStorage, async (req) => ok(await service.addStorage(userIdOf(req), req.body)));
  };
}
