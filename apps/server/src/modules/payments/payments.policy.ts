import { PAYMENT_TEXT } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/http/errors.ts';
import { stringField, type Policy } from '../../platform/policies.ts';
import { authorizeTeam } from '../teams/index.ts';
import { findPayment, type PaymentRow } from './payments.service.ts';

/**
 * Who may open a payment (its checkout, its outcome, its invoice): the member who started it, and
 * the team's admins. Anyone else, another team's users included, gets 404 'Payment not found' (a
 * payment id says nothing about whether it exists).
 */
export async function authorizePayment(db: DbOrTx, userId: string, paymentId: string) {
  const payment = await findPayment(db, paymentId);
  const notFound = () => new AppError(PAYMENT_TEXT.paymentNotFound, { status: 404, errorcode: 404 });
  if (!payment) throw notFound();
  try {
    await authorizeTeam(db, userId, payment.teamId, (a) => a.isOwner || payment.userId === userId);
  } catch {
    throw notFound();
  }
  return payment;
}

/** The payment routes' policy: the payment named by `payment_db_id`, loaded once. */
export const paymentPolicy = (): Policy<PaymentRow> => ({
  reads: 'payment_db_id',
  check: (ctx) => (req) => authorizePayment(ctx.db, userIdOf(req), stringField(req, 'payment_db_id')),
});

declare module '../../platform/policies.ts' {
  interface PolicyAccess {
    'payments.authorizePayment': PaymentRow;
  }
}
