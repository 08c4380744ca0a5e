import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ROUTES } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { serve } from '../../platform/http/serve.ts';
import { accessOf } from '../../platform/policies.ts';
import { createWebhooksService } from './webhooks.service.ts';

/** The team (team_db_id) or the endpoint (webhook_endpoint_db_id) the route's policy loaded. */
const team = (req: FastifyRequest) => accessOf(req, 'webhooks.canManageTeam');
const one = (req: FastifyRequest) => accessOf(req, 'webhooks.canManageEndpoint').endpoint;
const delivery = (req: FastifyRequest) => accessOf(req, 'webhooks.canManageDelivery').delivery;

/** Webhook endpoints of a team; every route is the team admin's (webhooks.policy.ts, before the handler). */
export function webhooksRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const R = ROUTES.webhooks;
    const service = createWebhooksService(ctx);
    serve(fastify, R.list, async (req) => ok(await service.list(team(req).team.id)));
    serve(fastify, R.create, async (req) => ok(await service.create(team(req), req.body)));
    serve(fastify, R.update, async (req) => ok(await service.update(one(req), req.body)));
    serve(fastify, R.remove, async (req) => ok(await service.remove(one(req))));
    serve(fastify, R.rotateSecret, async (req) => ok(await service.rotateSecret(one(req))));
    serve(fastify, R.test, async (req) => ok(await service.test(one(req))));
    serve(fastify, R.deliveries, async (req) => ok(await service.deliveries(one(req))));
    serve(fastify, R.resend, async (req) => ok(await service.resend(delivery(req))));
  };
}
