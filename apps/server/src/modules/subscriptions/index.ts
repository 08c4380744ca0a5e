import { defineModule } from '../../platform/modules.ts';
import { subscriptionPolicy } from './subscriptions.policy.ts';
import { registerSubscriptionFulfilment } from './subscriptions.fulfil.ts';
import { registerSubscriptionMappers } from './subscriptions.realtime.ts';
import { subscriptionRoutes } from './subscriptions.routes.ts';

/** Selling a team's plan: upgrade, renewal and add-on storage, paid with credits or by a payment. */
export const subscriptionsModule = defineModule({
  name: 'subscriptions',
  policies: { 'subscriptions.canManageSubscription': subscriptionPolicy() },
  routes: [subscriptionRoutes],
  listeners: [registerSubscriptionMappers, registerSubscriptionFulfilment],
});
