import { eq, sql } from 'drizzle-orm';
import { CLOUD_EXTENSION_MINUTES, CLOUD_WARN_BEFORE_END_SECONDS, sessionCost } from '@rushes/shared';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { cloudSessions } from '../../db/schema/index.ts';
import { revokeAccessToken } from '../../platform/auth/accessTokens.ts';
import type { Emit } from '../../platform/events/bus.ts';
import { enqueueJob } from '../../platform/jobs/queue.ts';
import { bookingKey, extensionKey, recordUsage, refundCloudCredits } from './cloud.credits.ts';
import type { SessionRow } from './cloud.policy.ts';
import { recordAudit } from '../audit/index.ts';

/**
 * A session's start and end in the team's audit log, in the transaction of the change. Its booker is
 * the actor whatever moved it (their click, a job, the agent): it is their session.
 */
export const auditSession = (
  tx: Tx,
  row: SessionRow,
  action: 'cloud.session_started' | 'cloud.session_ended',
  detail = {},
) =>
  recordAudit(tx, {
    teamId: row.teamId,
    action,
    actor: { id: row.userId },
    target: { type: 'cloud_session', id: row.id, label: row.hardwareSlug },
    detail: { hardware: row.hardwareSlug, minutes: row.durationMinutes, ...detail },
  });

/**
 * The session's state changes shared by the lifecycle jobs (cloud.lifecycle.ts), the workstation
 * agent's heartbeat (cloud.agent.lifecycle.ts) and the booking service. Each runs in the caller's
 * transaction on a row it locked.
 */

/** Seconds the banner announces for booting and shutting down without an agent (decided). */
export const BOOT_ESTIMATE_SECONDS = 30;
export const SHUTDOWN_ESTIMATE_SECONDS = 10;

/** The session row, locked for the rest of the transaction. */
export async function loadLocked(tx: Tx, id: string) {
  const [row] = await tx.select().from(cloudSessions).where(eq(cloudSessions.id, id)).for('update');
  return row ?? null;
}

/** Schedules the warning and the end for the session's current end time. */
export async function scheduleEnd(tx: Tx, id: string, endsAt: Date) {
  const key = endsAt.toISOString();
  const warnAt = new Date(endsAt.getTime() - CLOUD_WARN_BEFORE_END_SECONDS * 1000);
  await enqueueJob(
    tx,
    'cloud.warn',
    { sessionId: id, endsAt: key },
    { runAt: warnAt, singletonKey: `cloud.warn:${id}:${key}` },
  );
  await enqueueJob(
    tx,
    'cloud.end',
    { sessionId: id, endsAt: key },
    { runAt: endsAt, singletonKey: `cloud.end:${id}:${key}` },
  );
}

/**
 * Started or booting → shutting down (End, the end time, an idle desktop): the shutdown job stops the
 * machine, after the agent's final sync when the session has an agent (cloud.lifecycle.ts).
 */
export async function beginShutdown(tx: Tx, emit: Emit, row: SessionRow) {
  await tx
    .update(cloudSessions)
    .set({
      status: 'machine_shutting_down',
      waitingUntil: sql`now() + make_interval(secs => ${SHUTDOWN_ESTIMATE_SECONDS})`,
      endsAt: sql`least(coalesce(${cloudSessions.endsAt}, now()), now())`,
    })
    .where(eq(cloudSessions.id, row.id));
  await enqueueJob(tx, 'cloud.shutdown', { sessionId: row.id }, { singletonKey: `cloud.shutdown:${row.id}` });
  emit('cloud.changed', { userId: row.userId, sessionId: row.id });
}

/**
 * Booting → started (the provider's machine is up, or its agent reported 'started'): the booked time
 * runs from now, the warning and the end are scheduled, the usage row is opened.
 */
export async function markStarted(tx: Tx, emit: Emit, row: SessionRow, machine: Partial<SessionRow> = {}) {
  const [updated] = await tx
    .update(cloudSessions)
    .set({
      ...machine,
      status: 'machine_started',
      waitingUntil: null,
      ...(row.status === 'machine_booting' && {
        startedAt: sql`now()`,
        endsAt: sql`now() + make_interval(mins => ${row.durationMinutes})`,
      }),
    })
    .where(eq(cloudSessions.id, row.id))
    .returning();
  if (row.status === 'machine_booting') {
    await auditSession(tx, row, 'cloud.session_started');
    await scheduleEnd(tx, row.id, updated!.endsAt!);
    await recordUsage(tx, {
      sessionId: row.id,
      teamId: row.teamId,
      projectId: row.projectId,
      taskId: row.taskId,
      userId: row.userId,
      hardware: row.hardwareSlug,
      startedAt: updated!.startedAt!,
      endedAt: null,
      psc: row.charged - row.refunded,
    });
  }
  emit('cloud.changed', { userId: row.userId, sessionId: row.id });
  return updated!;
}

/**
 * Returns `amount` PSC of the session's spends to the team (the latest extension first), under the
 * spends' own refund keys: the ledger refunds a spend once, whoever asks (failure, idle end).
 */
export async function refundSession(tx: Tx, row: SessionRow, amount: number) {
  if (amount <= 0) return;
  const extension = sessionCost(row.pricePerHour, CLOUD_EXTENSION_MINUTES);
  await refundCloudCredits(tx, {
    teamId: row.teamId,
    userId: row.userId,
    amount,
    reason: 'cloud_refund',
    sessionId: row.id,
    spends: [
      { key: bookingKey(row.id), amount: row.charged - extension * row.extensions },
      ...Array.from({ length: row.extensions }, (_, k) => ({
        key: extensionKey(row.id, k + 1),
        amount: extension,
      })),
    ],
  });
}

/** The session's agent token stops working (released, failed): its later calls answer 401. */
export async function revokeAgentToken(db: DbOrTx, row: Pick<SessionRow, 'agentTokenId' | 'userId'>) {
  if (row.agentTokenId) await revokeAccessToken(db, row.userId, row.agentTokenId);
}
