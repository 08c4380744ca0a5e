import { and, eq, sql } from 'drizzle-orm';
import { CREDIT_TEXT } from '@rushes/shared';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { creditBalances, creditLedger } from '../../db/schema/index.ts';
import { AppError } from '../../platform/http/errors.ts';
import { recordAudit } from '../audit/index.ts';

/**
 * The credit wallet's core (DESIGN §9): every change of a team's balance appends one ledger
 * entry and moves the balance row, in the CALLER's transaction, after locking that row
 * (`SELECT … FOR UPDATE`), so the changes of one team are serialised and the balance always equals the
 * sum of the ledger. Every change carries an idempotency key, unique per team: a retry with the same
 * key (and the same kind and amount) answers the first entry and applies nothing; the same key with
 * other details is refused. Amounts are whole paise (1 PSC = 1 rupee = 100 paise).
 *
 * Keys are the callers' to choose; namespace them by purpose (`payment:<id>`, `upgrade:<request key>`)
 * so two purposes never share one.
 */

export type LedgerEntry = typeof creditLedger.$inferSelect;

export interface CreditChange {
  teamId: string;
  /** Whole paise, > 0 (the direction comes from the kind of change). */
  amountPaise: number;
  /** Unique per team; 1..200 characters. */
  idempotencyKey: string;
  /** What it was for, as the transactions list shows it (e.g. 'Plan upgrade to Pro'). */
  reason: string;
  /** What it belongs to, e.g. 'payment' / payment id, 'subscription' / plan code. */
  refType?: string | null;
  refId?: string | null;
  /** Who asked; null for the system (a payment's fulfilment). */
  userId?: string | null;
}

export interface CreditResult {
  entry: LedgerEntry;
  /** False when the key had already been applied: nothing changed, `entry` is the first one. */
  applied: boolean;
  /** The team's balance after this call, paise. */
  balancePaise: number;
}

export const insufficientCredits = () => new AppError(CREDIT_TEXT.insufficientCredits, { status: 402 });
const conflict = () => new AppError(CREDIT_TEXT.idempotencyConflict, { status: 409 });
const invalidAmount = () => new AppError(CREDIT_TEXT.invalidAmount, { status: 400 });

function checkChange(c: CreditChange) {
  if (!Number.isSafeInteger(c.amountPaise) || c.amountPaise <= 0) throw invalidAmount();
  if (!c.idempotencyKey || c.idempotencyKey.length > 200) throw new Error('credits: bad idempotency key');
}

/** Makes the team's balance row if it has none, then locks it for the rest of the transaction. */
async function lockBalance(tx: Tx, teamId: string) {
  await tx.insert(creditBalances).values({ teamId }).onConflictDoNothing();
  const [row] = await tx.select().from(creditBalances).where(eq(creditBalances.teamId, teamId)).for('update');
  return row;
}

async function entryByKey(tx: DbOrTx, teamId: string, key: string) {
  const [row] = await tx
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.teamId, teamId), eq(creditLedger.idempotencyKey, key)))
    .limit(1);
  return row ?? null;
}

interface Append {
  kind: LedgerEntry['kind'];
  /** Signed paise. */
  amountPaise: number;
  refundOf?: string | null;
  /** Checks run under the lock before the entry is written (e.g. a refund's ceiling). */
  check?: () => Promise<void>;
}

/**
 * Appends one entry under the team's lock, or answers the entry an earlier call with the same key
 * made. Runs inside `tx`: when the caller's transaction rolls back, so does the change.
 */
async function append(tx: Tx, c: CreditChange, a: Append): Promise<CreditResult> {
  checkChange(c);
  const balance = await lockBalance(tx, c.teamId);
  // Under the lock: an earlier call with this key has committed (or is this transaction's own).
  const earlier = await entryByKey(tx, c.teamId, c.idempotencyKey);
  if (earlier) {
    if (earlier.kind !== a.kind || earlier.amountPaise !== a.amountPaise) throw conflict();
    if (a.refundOf !== undefined && earlier.refundOf !== a.refundOf) throw conflict();
    return { entry: earlier, applied: false, balancePaise: balance.balancePaise };
  }
  await a.check?.();
  const after = balance.balancePaise + a.amountPaise;
  if (after < 0) throw insufficientCredits();
  const seq = balance.entriesCount + 1;
  const [entry] = await tx
    .insert(creditLedger)
    .values({
      teamId: c.teamId,
      seq,
      kind: a.kind,
      amountPaise: a.amountPaise,
      balanceAfterPaise: after,
      idempotencyKey: c.idempotencyKey,
      reason: c.reason,
      refType: c.refType ?? null,
      refId: c.refId ?? null,
      refundOf: a.refundOf ?? null,
      userId: c.userId ?? null,
    })
    .returning();
  await tx
    .update(creditBalances)
    .set({ balancePaise: after, entriesCount: seq, updatedAt: new Date() })
    .where(eq(creditBalances.teamId, c.teamId));
  await recordAudit(tx, {
    teamId: c.teamId,
    action: 'credits.changed',
    ...(c.userId ? { actor: { id: c.userId } } : {}),
    target: { type: 'credit_entry', id: entry.id, label: c.reason },
    detail: {
      kind: a.kind,
      amount_paise: a.amountPaise,
      balance_after_paise: after,
      ref_type: c.refType ?? null,
    },
  });
  return { entry, applied: true, balancePaise: after };
}

/**
 * Takes `amountPaise` from the team's balance. Refused with 402 'Insufficient credits…' when the
 * balance is smaller (nothing is written); the caller's transaction should then roll back too.
 */
export const spendCredits = (tx: Tx, c: CreditChange) =>
  append(tx, c, { kind: 'spend', amountPaise: -c.amountPaise });

/** Adds credits bought (a payment's fulfilment: key `payment:<id>`, refType 'payment'). */
export const grantCredits = (tx: Tx, c: CreditChange) =>
  append(tx, c, { kind: 'purchase', amountPaise: c.amountPaise });

/**
 * An operator's correction, up or down (`direction`); a correction down never takes the balance
 * below zero.
 */
export const adjustCredits = (tx: Tx, c: CreditChange & { direction: 'up' | 'down' }) =>
  append(tx, c, { kind: 'adjustment', amountPaise: c.direction === 'up' ? c.amountPaise : -c.amountPaise });

export interface RefundChange extends Omit<CreditChange, 'amountPaise'> {
  /** The idempotency key of the spend being refunded (a spend of the same team). */
  spendKey: string;
  /** Paise to return; default: all that is left of the spend. */
  amountPaise?: number;
}

/**
 * Returns (part of) a spend to the balance. The refunds of one spend never add up to more than it
 * took: 400 'A refund cannot be more than was spent'; an unknown spend (or one of another team):
 * 404.
 */
export async function refundCredits(tx: Tx, c: RefundChange): Promise<CreditResult> {
  await lockBalance(tx, c.teamId);
  const spend = await entryByKey(tx, c.teamId, c.spendKey);
  if (!spend || spend.kind !== 'spend') throw new AppError(CREDIT_TEXT.spendNotFound, { status: 404 });
  const [{ refunded }] = await tx
    .select({ refunded: sql<string>`coalesce(sum(${creditLedger.amountPaise}), 0)` })
    .from(creditLedger)
    .where(and(eq(creditLedger.teamId, c.teamId), eq(creditLedger.refundOf, spend.id)));
  const left = -spend.amountPaise - Number(refunded);
  const earlier = await entryByKey(tx, c.teamId, c.idempotencyKey);
  // A retry without an amount means "the same refund again": match what it applied the first time.
  const amountPaise = c.amountPaise ?? (earlier?.refundOf === spend.id ? earlier.amountPaise : left);
  return append(
    tx,
    { ...c, amountPaise },
    {
      kind: 'refund',
      amountPaise,
      refundOf: spend.id,
      check: async () => {
        if (amountPaise > left) throw new AppError(CREDIT_TEXT.refundTooLarge, { status: 400 });
      },
    },
  );
}

/** The team's balance in paise (0 for a team that never had credits). */
export async function creditBalance(db: DbOrTx, teamId: string): Promise<number> {
  const [row] = await db
    .select({ balance: creditBalances.balancePaise })
    .from(creditBalances)
    .where(eq(creditBalances.teamId, teamId));
  return row?.balance ?? 0;
}

/** The entry made with this key, if any (e.g. to show what a retried request did). */
export const creditEntryByKey = entryByKey;
