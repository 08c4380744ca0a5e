import type { Tx } from '../../db/client.ts';

/**
 * The two seams to other modules' work in progress (issue 18): charging and refunding credits
 * (the credits ledger, issue 15) and the usage rows of the statistics page (plans, issue 15). Every
 * booking, extension and refund goes through these, inside the booking's transaction, with a key
 * that makes a retry charge once.
 */
export interface CreditMove {
  teamId: string;
  userId: string;
  amount: number;
  idempotencyKey: string;
  reason: string;
  sessionId: string;
}

export async function chargeCredits(_tx: Tx, _move: CreditMove): Promise<void> {
  // wired to modules/credits spendCredits when the ledger is merged
}

export async function refundCloudCredits(_tx: Tx, _move: CreditMove): Promise<void> {
  // wired to modules/credits refundCredits when the ledger is merged
}

export interface UsageRow {
  sessionId: string;
  teamId: string;
  projectId: string;
  taskId: string | null;
  userId: string;
  hardware: string;
  startedAt: Date;
  endedAt: Date;
  psc: number;
}

export async function recordUsage(_tx: Tx, _row: UsageRow): Promise<void> {
  // wired to modules/plans recordCloudUsage when it is merged
}
