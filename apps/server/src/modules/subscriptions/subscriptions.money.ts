import type { DbOrTx, Tx } from '../../db/client.ts';
import { AppError } from '../../platform/http/errors.ts';
import { MSG, paiseToPsc } from '@rushes/shared';
import { creditBalance, spendCredits } from '../credits/index.ts';

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

export const paymentsAvailable = false;

export async function startPayment(
  _tx: Tx,
  _input: PaymentInput,
): Promise<{ paymentId: string; checkoutUrl: string }> {
  throw new AppError(MSG.paymentsUnavailable, { status: 400 });
}
