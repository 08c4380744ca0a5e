import { and, eq, inArray, sql } from 'drizzle-orm';
import { CLOUD_TEXT } from '@rushes/shared';
import { cloudSessions } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { enqueueJob } from '../../platform/jobs/queue.ts';
import type { ModuleLog } from '../../platform/modules.ts';
import { secretBoxFor } from '../../platform/security/secretBox.ts';
import { notify } from '../notifications/index.ts';
import { agentLaunchFor, awaitFinalSync, waitsForAgent } from './cloud.agent.lifecycle.ts';
import { recordUsage } from './cloud.credits.ts';
import { providerOf } from './cloud.providers.ts';
import { expireOffer, offerFreeMachines } from './cloud.queue.ts';
import {
  auditSession,
  beginShutdown,
  BOOT_ESTIMATE_SECONDS,
  loadLocked,
  markStarted,
  refundSession,
  revokeAgentToken,
  scheduleEnd,
  SHUTDOWN_ESTIMATE_SECONDS,
} from './cloud.transitions.ts';
import './cloud.events.ts';

/**
 * The session lifecycle as jobs: booting → started → (session_end_datetime) shutting down
 * → released, with a warning before the end. Every job reads the row and acts only when the state
 * still asks for it, so a job that runs twice, late, or after an extension changes nothing.
 */

export { BOOT_ESTIMATE_SECONDS, SHUTDOWN_ESTIMATE_SECONDS, beginShutdown, scheduleEnd };

export function cloudJobs(ctx: AppContext, log: ModuleLog) {
  const box = secretBoxFor(ctx.config, ctx.secret);
  const confirm = ctx.config.CLOUD_CONFIRM_SECONDS;
  const provider = () => providerOf(ctx, log);

  /** The provider failed: the session fails, undelivered time is refunded, the machine is freed. */
  async function fail(id: string, err: unknown) {
    log.error({ err, sessionId: id }, 'cloud: the provider could not start the machine');
    await ctx.events.transaction(ctx.db, async (tx, emit) => {
      const row = await loadLocked(tx, id);
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
      await refundSession(tx, row, refund);
      await revokeAgentToken(tx, row);
      if (row.startedAt) await auditSession(tx, row, 'cloud.session_ended', { outcome: 'failed' });
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
    /**
     * Booting (or started after a restart, its desktop gone): start the machine with its agent. A
     * provider whose machines run an agent stays booting until the agent reports 'started'
     * (cloud.agent.lifecycle.ts); the others are started at once.
     */
    boot: async ({ sessionId }: { sessionId: string }) => {
      const [row] = await ctx.db.select().from(cloudSessions).where(eq(cloudSessions.id, sessionId));
      if (!row) return;
      const resume = row.status === 'machine_started' && !provider().running(sessionId);
      if (row.status !== 'machine_booting' && !resume) return;
      let machine;
      try {
        const agent = await agentLaunchFor(ctx, box, row, provider().name);
        machine = await provider().start(sessionId, {
          hardwareSlug: row.hardwareSlug,
          password: row.passwordSealed ? box.open(row.passwordSealed) : undefined,
          agent,
        });
      } catch (err) {
        await fail(sessionId, err);
        return;
      }
      const stillWanted = await ctx.events.transaction(ctx.db, async (tx, emit) => {
        const now = await loadLocked(tx, sessionId);
        if (!now || !['machine_booting', 'machine_started'].includes(now.status)) return false;
        const details = {
          hostName: machine.hostName,
          ipAddress: machine.ipAddress,
          port: machine.port,
          username: machine.username,
          passwordSealed: box.seal(machine.password),
          providerRef: machine.ref,
        };
        const waits = machine.runsAgent ?? waitsForAgent(provider());
        if (now.status === 'machine_booting' && waits && now.agentPhase !== 'started') {
          await tx.update(cloudSessions).set(details).where(eq(cloudSessions.id, sessionId));
          await enqueueJob(
            tx,
            'cloud.bootCheck',
            { sessionId },
            {
              delaySeconds: ctx.config.CLOUD_AGENT_BOOT_SECONDS,
              singletonKey: `cloud.bootCheck:${sessionId}`,
            },
          );
          emit('cloud.changed', { userId: now.userId, sessionId });
        } else await markStarted(tx, emit, now, details);
        return true;
      });
      // Ended while booting: the machine is not wanted any more.
      if (!stillWanted) await provider().stop(sessionId);
    },

    /** Still booting long after the machine started: its agent never came, the session fails (refunded). */
    bootCheck: async ({ sessionId }: { sessionId: string }) => {
      const [row] = await ctx.db.select().from(cloudSessions).where(eq(cloudSessions.id, sessionId));
      if (row?.status !== 'machine_booting') return;
      await fail(
        sessionId,
        new Error(`the workstation agent did not start within ${ctx.config.CLOUD_AGENT_BOOT_SECONDS} s`),
      );
    },

    warn: async ({ sessionId, endsAt }: { sessionId: string; endsAt: string }) => {
      await ctx.events.transaction(ctx.db, async (tx, emit) => {
        const row = await loadLocked(tx, sessionId);
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
        const row = await loadLocked(tx, sessionId);
        if (row?.status !== 'machine_started' || row.endsAt?.toISOString() !== endsAt) return;
        await beginShutdown(tx, emit, row);
      });
    },

    /**
     * Stops the machine and releases the session. With an agent that reported, its final sync comes
     * first: the first run schedules the timeout and waits; the agent's 'synced' heartbeat, or the
     * timeout (CLOUD_FINAL_SYNC_SECONDS), runs it again to stop.
     */
    shutdown: async ({ sessionId, timeout }: { sessionId: string; timeout?: boolean }) => {
      const [row] = await ctx.db.select().from(cloudSessions).where(eq(cloudSessions.id, sessionId));
      if (row?.status !== 'machine_shutting_down') return;
      if (!timeout && row.agentHeartbeatAt && !row.agentSyncedAt) {
        await awaitFinalSync(ctx, row);
        return;
      }
      if (timeout && row.agentHeartbeatAt && !row.agentSyncedAt)
        log.warn({ sessionId }, 'cloud: the workstation agent did not finish its final sync in time');
      await provider().stop(sessionId);
      await ctx.events.transaction(ctx.db, async (tx, emit) => {
        const now = await loadLocked(tx, sessionId);
        if (now?.status !== 'machine_shutting_down') return;
        const [done] = await tx
          .update(cloudSessions)
          .set({ status: 'released', releasedAt: sql`now()`, waitingUntil: null })
          .where(eq(cloudSessions.id, sessionId))
          .returning();
        await revokeAgentToken(tx, now);
        if (now.startedAt) await auditSession(tx, now, 'cloud.session_ended', { outcome: 'released' });
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
