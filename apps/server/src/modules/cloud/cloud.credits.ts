import type { Tx } from '../../db/client.ts';
import { refundCredits, spendCredits } from '../credits/index.ts';
import { recordCloudUsage } from '../plans/index.ts';

/**
 * Charging and refunding a session's credits through the ledger, inside the booking's
 * transaction, each charge under its own idempotency key (a retry charges once). Amounts here are
 * whole PSC; the ledger counts paise. A booking the balance cannot pay is refused with the ledger's
 * 402 and nothing is booked.
 */
export interface CreditMove {
  teamId: string;
  userId: string;
  amount: number;
  idempotencyKey: string;
  reason: string;
  sessionId: string;
}

const PAISE = 100;

export async function chargeCredits(tx: Tx, move: CreditMove): Promise<void> {
  await spendCredits(tx, {
    teamId: move.teamId,
    userId: move.userId,
    amountPaise: Math.round(move.amount * PAISE),
    idempotencyKey: move.idempotencyKey,
    reason: move.reason,
    refType: 'cloud_session',
    refId: move.sessionId,
  });
}

/** The spend keys of a session: the booking, then each extension. */
export const bookingKey = (sessionId: string) => `cloud:${sessionId}:book`;
export const extensionKey = (sessionId: string, n: number) => `cloud:${sessionId}:extend:${n}`;

/**
 * Returns `amount` PSC of a session's spends, the latest extension first, then the booking (the
 * time not delivered is the end of the session).
 */
export async function refundCloudCredits(
  tx: Tx,
  move: Omit<CreditMove, 'idempotencyKey'> & { spends: { key: string; amount: number }[] },
): Promise<void> {
  let left = move.amount;
  for (const spend of [...move.spends].reverse()) {
    if (left <= 0) break;
    const part = Math.min(left, spend.amount);
    await refundCredits(tx, {
      teamId: move.teamId,
      userId: move.userId,
      spendKey: spend.key,
      amountPaise: Math.round(part * PAISE),
      idempotencyKey: `${spend.key}:refund`,
      reason: move.reason,
      refType: 'cloud_session',
      refId: move.sessionId,
    });
    left -= part;
  }
}

export interface UsageRow {
  sessionId: string;
  teamId: string;
  projectId: string;
  taskId: string | null;
  userId: string;
  hardware: string;
  startedAt: Date;
  endedAt: Date | null;
  psc: number;
}

/**
 * The session's usage row (plans' cloud usage: the statistics page and the plan's machine hours):
 * written when the machine starts (running, counted up to now) and again when it is released.
 */
export async function recordUsage(tx: Tx, row: UsageRow): Promise<void> {
  await recordCloudUsage(tx, {
    sourceId: `cloud:${row.sessionId}`,
    teamId: row.teamId,
    projectId: row.projectId,
    taskId: row.taskId,
    userId: row.userId,
    hardware: row.hardware,
    startedAt: row.startedAt,
    endedAt: row.endedAt,
    psc: row.psc,
  });
}
