import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  CLOUD_EXTENSION_MINUTES,
  CLOUD_TEXT,
  CLOUD_WARN_BEFORE_END_SECONDS,
  sessionCost,
} from '@rushes/shared';
import type { Tx } from '../../db/client.ts';
import { cloudSessions } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Emit } from '../../platform/events/bus.ts';
import { enqueueJob } from '../../platform/jobs/queue.ts';
import type { ModuleLog } from '../../platform/modules.ts';
import { secretBoxFor } from '../../platform/security/secretBox.ts';
import { notify } from '../notifications/index.ts';
import { bookingKey, extensionKey, recordUsage, refundCloudCredits } from './cloud.credits.ts';
import type { SessionRow } from './cloud.policy.ts';
import { providerOf } from './cloud.providers.ts';
import { expireOffer, offerFreeMachines } from './cloud.queue.ts';
import './cloud.events.ts';

/**
 * The session lifecycle as jobs: booting → started → (session_end_datetime) shutting down
 * → released, with a warning before the end. Every job reads the row and acts only when the state
 * still asks for it, so a job that runs twice, late, or after an extension changes nothing.
 */

/** Seconds the banner announces for booting and shutting down (decided). */
export const BOOT_ESTIMATE_SECONDS = 30;
export const SHUTDOWN_ESTIMATE_SECONDS = 10;

async function load(tx: Tx, id: string) {
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

/** Started or booting → shutting down (End, or the end time): the shutdown job stops the machine. */
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

export function cloudJobs(ctx: AppContext, log: ModuleLog) {
  const box = secretBoxFor(ctx.config, ctx.secret);
  const confirm = ctx.config.CLOUD_CONFIRM_SECONDS;
  const provider = () => providerOf(ctx, log);

  /** The provider failed: the session fails, undelivered time is refunded, the machine is freed. */
  async function fail(id: string, err: unknown) {
    log.error({ err, sessionId: id }, 'cloud: the provider could not start the machine');
    await ctx.events.transaction(ctx.db, async (tx, emit) => {
      const row = await load(tx, id);
      if (!row || !['machine_booting', 'machine_started'].includes(row.status)) return;
      const delivered =
        row.startedAt && row.status === 'machine_started'
          ? Math.min(row.durationMinutes, Math.ceil((Date.now() - row.startedAt.getTime()) / 60_000))
          : 0;
      const refund = Math.max(0, row.charged - row.refunded - Math.ceil((row.pricePerHour * delivered) / 60));
      await tx
        .update(cloudSessions)
        .set({
          status: 'failed',
          failure: String((err as Error)?.message ?? err).slice(0, 500),
          releasedAt: sql`now()`,
          refunded: row.refunded + refund,
        })
        .where(eq(cloudSessions.id, id));
      if (refund > 0) {
        const extension = sessionCost(row.pricePerHour, CLOUD_EXTENSION_MINUTES);
        await refundCloudCredits(tx, {
          teamId: row.teamId,
          userId: row.userId,
          amount: refund,
          reason: 'cloud_refund',
          sessionId: id,
          spends: [
            { key: bookingKey(id), amount: row.charged - extension * row.extensions },
            ...Array.from({ length: row.extensions }, (_, k) => ({
              key: extensionKey(id, k + 1),
              amount: extension,
            })),
          ],
        });
      }
      if (row.startedAt)
        await recordUsage(tx, {
          sessionId: id,
          teamId: row.teamId,
          projectId: row.projectId,
          taskId: row.taskId,
          userId: row.userId,
          hardware: row.hardwareSlug,
          startedAt: row.startedAt,
          endedAt: new Date(),
          psc: row.charged - row.refunded - refund,
        });
      await notify(tx, emit, {
        userIds: [row.userId],
        type: 'cloud_session',
        title: CLOUD_TEXT.panelTitle,
        message: CLOUD_TEXT.failedRefunded,
        projectId: row.projectId,
        taskId: row.taskId,
        actorUserId: null,
      });
      emit('cloud.changed', { userId: row.userId, sessionId: id });
      await offerFreeMachines(tx, emit, row.hardwareSlug, confirm);
    });
    await provider()
      .stop(id)
      .catch(() => undefined);
  }

  return {
    /** Booting (or started after a restart, its desktop gone): start the machine, then started. */
    boot: async ({ sessionId }: { sessionId: string }) => {
      const [row] = await ctx.db.select().from(cloudSessions).where(eq(cloudSessions.id, sessionId));
      if (!row) return;
      const resume = row.status === 'machine_started' && !provider().running(sessionId);
      if (row.status !== 'machine_booting' && !resume) return;
      let machine;
      try {
        machine = await provider().start(sessionId, {
          hardwareSlug: row.hardwareSlug,
          password: row.passwordSealed ? box.open(row.passwordSealed) : undefined,
        });
      } catch (err) {
        await fail(sessionId, err);
        return;
      }
      const stillWanted = await ctx.events.transaction(ctx.db, async (tx, emit) => {
        const now = await load(tx, sessionId);
        if (!now || !['machine_booting', 'machine_started'].includes(now.status)) return false;
        const [updated] = await tx
          .update(cloudSessions)
          .set({
            status: 'machine_started',
            hostName: machine.hostName,
            ipAddress: machine.ipAddress,
            port: machine.port,
            username: machine.username,
            passwordSealed: box.seal(machine.password),
            providerRef: machine.ref,
            waitingUntil: null,
            ...(now.status === 'machine_booting' && {
              startedAt: sql`now()`,
              endsAt: sql`now() + make_interval(mins => ${now.durationMinutes})`,
            }),
          })
          .where(eq(cloudSessions.id, sessionId))
          .returning();
        if (now.status === 'machine_booting') {
          await scheduleEnd(tx, sessionId, updated!.endsAt!);
          await recordUsage(tx, {
            sessionId,
            teamId: now.teamId,
            projectId: now.projectId,
            taskId: now.taskId,
            userId: now.userId,
            hardware: now.hardwareSlug,
            startedAt: updated!.startedAt!,
            endedAt: null,
            psc: now.charged - now.refunded,
          });
        }
        emit('cloud.changed', { userId: now.userId, sessionId });
        return true;
      });
      // Ended while booting: the machine is not wanted any more.
      if (!stillWanted) await provider().stop(sessionId);
    },

    warn: async ({ sessionId, endsAt }: { sessionId: string; endsAt: string }) => {
      await ctx.events.transaction(ctx.db, async (tx, emit) => {
        const row = await load(tx, sessionId);
        if (row?.status !== 'machine_started' || row.endsAt?.toISOString() !== endsAt) return;
        await notify(tx, emit, {
          userIds: [row.userId],
          type: 'cloud_session',
          title: CLOUD_TEXT.panelTitle,
          message: CLOUD_TEXT.warnEnding,
          projectId: row.projectId,
          taskId: row.taskId,
          actorUserId: null,
        });
      });
    },

    end: async ({ sessionId, endsAt }: { sessionId: string; endsAt: string }) => {
      await ctx.events.transaction(ctx.db, async (tx, emit) => {
        const row = await load(tx, sessionId);
        if (row?.status !== 'machine_started' || row.endsAt?.toISOString() !== endsAt) return;
        await beginShutdown(tx, emit, row);
      });
    },

    shutdown: async ({ sessionId }: { sessionId: string }) => {
      const [row] = await ctx.db.select().from(cloudSessions).where(eq(cloudSessions.id, sessionId));
      if (row?.status !== 'machine_shutting_down') return;
      await provider().stop(sessionId);
      await ctx.events.transaction(ctx.db, async (tx, emit) => {
        const now = await load(tx, sessionId);
        if (now?.status !== 'machine_shutting_down') return;
        const [done] = await tx
          .update(cloudSessions)
          .set({ status: 'released', releasedAt: sql`now()`, waitingUntil: null })
          .where(eq(cloudSessions.id, sessionId))
          .returning();
        if (now.startedAt)
          await recordUsage(tx, {
            sessionId,
            teamId: now.teamId,
            projectId: now.projectId,
            taskId: now.taskId,
            userId: now.userId,
            hardware: now.hardwareSlug,
            startedAt: now.startedAt,
            endedAt: done!.releasedAt!,
            psc: now.charged - now.refunded,
          });
        emit('cloud.changed', { userId: now.userId, sessionId });
        await offerFreeMachines(tx, emit, now.hardwareSlug, confirm);
      });
    },

    offerExpire: async ({ entryId }: { entryId: string }) => {
      await ctx.events.transaction(ctx.db, (tx, emit) => expireOffer(tx, emit, entryId, confirm));
    },
  };
}

/** At start: sessions booting, or started with their desktop gone with the last process, boot again. */
export async function resumeSessions(ctx: AppContext) {
  const rows = await ctx.db
    .select({ id: cloudSessions.id })
    .from(cloudSessions)
    .where(and(inArray(cloudSessions.status, ['machine_booting', 'machine_started'])));
  for (const { id } of rows)
    await enqueueJob(ctx.db, 'cloud.boot', { sessionId: id }, { singletonKey: `cloud.boot:${id}` });
}
