import { z } from 'zod';
import { API } from '../api.ts';
import {
  createWebhookBody,
  updateWebhookBody,
  webhookCreated,
  webhookDeliveries,
  webhookDeliveryQuery,
  webhookEndpointQuery,
  webhookList,
  webhookResent,
  webhookSecret,
  webhookTeamQuery,
  webhookTested,
  webhookUpdated,
} from '../schemas/webhooks.ts';
import { defineRoutes } from './define.ts';

/** Every webhooks route is the team admin's (the same rule as managing the team's integrations). */
const P = API.webhooks;
const TEAM = 'webhooks.canManageTeam' as const;
const ONE = 'webhooks.canManageEndpoint' as const;
const DELIVERY = 'webhooks.canManageDelivery' as const;

export const webhooksRoutes = defineRoutes('webhooks', {
  list: { method: 'GET', path: P.root, query: webhookTeamQuery, response: webhookList, policy: TEAM },
  create: { method: 'POST', path: P.root, body: createWebhookBody, response: webhookCreated, policy: TEAM },
  update: { method: 'PUT', path: P.root, body: updateWebhookBody, response: webhookUpdated, policy: ONE },
  remove: {
    method: 'DELETE',
    path: P.root,
    body: webhookEndpointQuery,
    response: z.object({ message: z.string() }),
    policy: ONE,
  },
  rotateSecret: {
    method: 'POST',
    path: P.rotateSecret,
    body: webhookEndpointQuery,
    response: webhookSecret,
    policy: ONE,
  },
  test: { method: 'POST', path: P.test, body: webhookEndpointQuery, response: webhookTested, policy: ONE },
  deliveries: {
    method: 'GET',
    path: P.deliveries,
    query: webhookEndpointQuery,
    response: webhookDeliveries,
    policy: ONE,
  },
  resend: {
    method: 'POST',
    path: P.resend,
    body: webhookDeliveryQuery,
    response: webhookResent,
    policy: DELIVERY,
  },
});
