import type { Tx } from '../../db/client.ts';
import { AppError } from '../../platform/http/errors.ts';
import { MSG } from '@rushes/shared';

/**
 * The money side of a purchase, through the credits and payments modules (issue 15: built in
 * parallel). Credits: a spend on the ledger with our idempotency key. Payment: an order whose
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

export async function spendFromCredits(_tx: Tx, _input: SpendInput): Promise<void> {
  throw new AppError(MSG.paymentsUnavailable, { status: 400 });
}

export async function creditsAvailable(_tx: unknown, _teamId: string): Promise<number | null> {
  return null;
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
