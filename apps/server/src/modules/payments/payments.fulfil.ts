import { PAISE_PER_PSC } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { grantCredits } from '../credits/index.ts';

/** The ledger's key of a paid credits purchase: one grant per payment, whatever the retries. */
export const creditsKeyOf = (paymentId: string) => `payment:${paymentId}`;

/**
 * Fulfils a paid credits purchase (durable: runs at least once, after the commit that marked the
 * payment paid, retried until it succeeds). Idempotent by paymentId: the grant's key is the payment.
 */
export function registerCreditsFulfilment(ctx: AppContext) {
  ctx.events.on(
    'payments.paid',
    async (e) => {
      if (e.purpose.kind !== 'credits') return;
      const credits = e.purpose.credits;
      await ctx.db.transaction((tx) =>
        grantCredits(tx, {
          teamId: e.teamId,
          amountPaise: credits * PAISE_PER_PSC,
          idempotencyKey: creditsKeyOf(e.paymentId),
          reason: `Credits purchase (${credits} PSC)`,
          refType: 'payment',
          refId: e.paymentId,
          userId: e.userId,
        }),
      );
    },
    { durable: true, id: 'payments.grant_credits', when: (e) => e.purpose.kind === 'credits' },
  );
}
