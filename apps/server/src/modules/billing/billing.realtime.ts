import type { AppContext } from '../../platform/context.ts';
import { notifyBillingChanged } from './billing.service.ts';

/** Billing → realtime: every member of the team is told to refetch the billing details. */
export function registerBillingMappers(ctx: AppContext) {
  ctx.events.on('billing.updated', ({ teamId }) => notifyBillingChanged(ctx, teamId));
}
