import { defineModule } from '../../platform/modules.ts';
import './webhooks.events.ts';
import { purgeDeliveriesJob, scheduleDeliveriesPurge } from './webhooks.purge.ts';
import { webhookDeliveryPolicy, webhookEndpointPolicy, webhooksTeamPolicy } from './webhooks.policy.ts';
import { webhooksRoutes } from './webhooks.routes.ts';
import { createWebhookSender } from './webhooks.send.ts';
import { registerWebhookSources } from './webhooks.sources.ts';

/**
 * Webhooks: a team admin's HTTPS endpoints receive the team's events (asset uploaded and processed,
 * comment added, approval status changed, task created and completed, share link opened, export
 * finished), signed, retried with backoff, sent through the SSRF-guarded client; every attempt is
 * kept with its answer, a failed delivery can be sent again, and deliveries are purged daily past
 * WEBHOOK_DELIVERY_RETENTION_DAYS.
 */
export const webhooksModule = defineModule({
  name: 'webhooks',
  policies: {
    'webhooks.canManageTeam': webhooksTeamPolicy(),
    'webhooks.canManageEndpoint': webhookEndpointPolicy(),
    'webhooks.canManageDelivery': webhookDeliveryPolicy(),
  },
  routes: [webhooksRoutes],
  jobs: {
    'webhooks.send': (ctx) => {
      const send = createWebhookSender(ctx);
      return ({ deliveryId }) => send(deliveryId);
    },
    'webhooks.purge': purgeDeliveriesJob,
  },
  schedules: [scheduleDeliveriesPurge],
  listeners: [registerWebhookSources],
});
