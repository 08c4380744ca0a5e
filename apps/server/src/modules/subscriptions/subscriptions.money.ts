import type { DbOrTx, Tx } from '../../db/client.ts';
import { paiseToPsc } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { creditBalance, spendCredits } from '../credits/index.ts';
import { createPayment } from '../payments/index.ts';

/**
 * The money side of a purchase, through the credits and payments modules. Credits: a spend on the
 * ledger with the purchase's idempotency key (a retry spends once). Payment: an order whose
 * payments.paid event (purpose plan_upgrade | renewal | storage) fulfils the purchase.
 */
export interface SpendInput {
  teamId: string;
  amountPaise: number;
  idempotencyKey: string;
  reason: string;
  refType: string;
  refId: string;
  userId: string;
}

export async function spendFromCredits(tx: Tx, input: SpendInput): Promise<void> {
  await spendCredits(tx, input);
}

/** The team's credits in PSC (rupees, to the paisa). */
export async function creditsAvailable(db: DbOrTx, teamId: string): Promise<number> {
  return paiseToPsc(await creditBalance(db, teamId));
}

export interface PaymentInput {
  teamId: string;
  userId: string;
  amountPaise: number;
  purpose: 'plan_upgrade' | 'renewal' | 'storage';
  idempotencyKey: string;
  description: string;
}

/** Paying by a payment is always offered (the test-mode provider is the embedded default). */
export const paymentsAvailable = true;

/** Starts (or, by the same key, finds) the payment of a purchase; its purpose carries our key. */
export async function startPayment(
  ctx: AppContext,
  input: PaymentInput,
): Promise<{ paymentId: string; checkoutUrl: string }> {
  const started = await createPayment(ctx, {
    teamId: input.teamId,
    userId: input.userId,
    purpose: { kind: input.purpose, purchaseKey: input.idempotencyKey },
    taxablePaise: input.amountPaise,
    description: input.description,
    idempotencyKey: input.idempotencyKey,
  });
  return { paymentId: started.paymentId, checkoutUrl: started.checkoutUrl };
}
