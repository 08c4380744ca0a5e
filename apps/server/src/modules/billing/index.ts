import { defineModule } from '../../platform/modules.ts';
import { registerBillingMappers } from './billing.realtime.ts';
import { billingRoutes } from './billing.routes.ts';

// What other modules may call: the team's billing details (GST invoices print them).
export { findBilling } from './billing.service.ts';

/** A team's billing details and the realtime hint that they changed. */
export const billingModule = defineModule({
  name: 'billing',
  routes: [billingRoutes],
  listeners: [registerBillingMappers],
});
