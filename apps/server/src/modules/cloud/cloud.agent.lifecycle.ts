import type { Server } from 'node:http';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { CLOUD_AGENT_TEXT, CLOUD_TEXT, type CloudAgentActionName } from '@rushes/shared';
import type { z } from 'zod';
import type { cloudAgentHeartbeatBody } from '@rushes/shared';
import { cloudPoolMachines, cloudSessions } from '../../db/schema/index.ts';
import { createAccessToken } from '../../platform/auth/accessTokens.ts';
import type { AppContext } from '../../platform/context.ts';
import { enqueueJob } from '../../platform/jobs/queue.ts';
import type { ModuleLog } from '../../platform/modules.ts';
import type { SecretBox } from '../../platform/security/secretBox.ts';
import { notify } from '../notifications/index.ts';
import type { AgentLaunch, CloudProvider } from './cloud.machine.ts';
import type { SessionRow } from './cloud.policy.ts';
import {
  beginShutdown,
  loadLocked,
  markStarted,
  refundSession,
  SHUTDOWN_ESTIMATE_SECONDS,
} from './cloud.transitions.ts';

/**
 * The workstation agent's side of the lifecycle: its token at boot, the phases its heartbeats
 * report (booting → started; synced lets the shutdown stop the machine), the idle desktop (a warning,
 * then the end with a refund of the unused whole hours) and a heartbeat that stops coming.
 *
 * Idle refund (decided): the whole hours left before the booked end when the idle end begins,
 * (floor((ends_at − now) / 1 h) × the session's price per hour), returned from the latest extension
 * back to the booking under the same ledger keys as a failure's refund, so it is paid at most once.
 */

/**
 * Whether a session of this provider stays booting until its agent reports 'started'. The local
 * provider's desktops run the agent; the simulated one has none (its tests may set the flag), and
 * the pool's registered workstations may not run one yet.
 */
export const waitsForAgent = (p: CloudProvider) => p.waitsForAgent ?? p.name === 'local';

/** The app's HTTP server, per app (tests run several in one process): its real port once listening. */
const servers = new WeakMap<AppContext, Server>();
export const rememberServer = (ctx: AppContext, server: Server) => void servers.set(ctx, server);

/** The server's address as an agent on that machine reaches it (local: this process's port on loopback). */
function serverUrlFor(ctx: AppContext, providerName: CloudProvider['name']) {
  if (providerName !== 'local') return ctx.config.publicUrl;
  const address = servers.get(ctx)?.address();
  const port = address && typeof address === 'object' ? address.port : ctx.config.PORT;
  const host = ctx.config.HOST;
  const loopback = ['0.0.0.0', '::', '127.0.0.1', 'localhost', '::1'].includes(host);
  return `http://${loopback ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host}:${port}`;
}

/**
 * The agent's launch for a boot: the session's token, made once (a personal access token of the
 * owner named after the session, scoped to its project) and kept sealed, so a boot that runs again
 * hands the machine the same one.
 */
export async function agentLaunchFor(
  ctx: AppContext,
  box: SecretBox,
  row: SessionRow,
  providerName: CloudProvider['name'],
): Promise<AgentLaunch> {
  const token = await ctx.db.transaction(async (tx) => {
    const now = await loadLocked(tx, row.id);
    if (now?.agentTokenSealed) return box.open(now.agentTokenSealed);
    const made = await createAccessToken(tx, row.userId, `Workstation ${row.assignmentCode}`, {
      projectId: row.projectId,
    });
    await tx
      .update(cloudSessions)
      .set({ agentTokenId: made.row!.id, agentTokenSealed: box.seal(made.token) })
      .where(eq(cloudSessions.id, row.id));
    return made.token;
  });
  return { serverUrl: serverUrlFor(ctx, providerName), token, cloudId: row.id };
}

/** What the server asks of the agent now. */
export function actionOf(row: SessionRow): CloudAgentActionName {
  if (row.status === 'machine_shutting_down') return row.agentSyncedAt ? 'stop' : 'final_sync';
  if (row.status === 'released' || row.status === 'failed') return 'stop';
  return 'run';
}

/**
 * The first run of the shutdown job of a session whose agent reported: the banner shows the final
 * sync's time, and the job runs again at the timeout (the agent's 'synced' runs it sooner).
 */
export async function awaitFinalSync(ctx: AppContext, row: SessionRow) {
  const seconds = ctx.config.CLOUD_FINAL_SYNC_SECONDS;
  await ctx.events.transaction(ctx.db, async (tx, emit) => {
    await enqueueJob(
      tx,
      'cloud.shutdown',
      { sessionId: row.id, timeout: true },
      { delaySeconds: seconds, singletonKey: `cloud.shutdown:${row.id}:timeout` },
    );
    await tx
      .update(cloudSessions)
      .set({ waitingUntil: sql`now() + make_interval(secs => ${seconds + SHUTDOWN_ESTIMATE_SECONDS})` })
      .where(eq(cloudSessions.id, row.id));
    emit('cloud.changed', { userId: row.userId, sessionId: row.id });
  });
}

/** Seconds more the banner announces each time a booting agent outlives the estimate (decided). */
const BOOT_EXTRA_SECONDS = 15;

type Heartbeat = z.output<typeof cloudAgentHeartbeatBody>;

export function createAgentLifecycle(ctx: AppContext, log: ModuleLog) {
  const warnAfter = ctx.config.CLOUD_IDLE_WARN_MINUTES * 60;
  const endAfter = ctx.config.CLOUD_IDLE_END_MINUTES * 60;
  const lostAfter = ctx.config.CLOUD_AGENT_LOST_SECONDS;

  const watch = (tx: Parameters<typeof enqueueJob>[0], id: string, heartbeatAt: Date) =>
    enqueueJob(
      tx,
      'cloud.agentWatch',
      { sessionId: id },
      {
        runAt: new Date(heartbeatAt.getTime() + (lostAfter + 1) * 1000),
        singletonKey: `cloud.agentWatch:${id}:${heartbeatAt.getTime()}`,
      },
    );

  return {
    idle: { warn_after_s: warnAfter, end_after_s: endAfter },

    /** One heartbeat: stores it, moves the session on when its phase says so, answers the action. */
    async heartbeat(sessionId: string, hb: Heartbeat): Promise<CloudAgentActionName> {
      return ctx.events.transaction(ctx.db, async (tx, emit) => {
        const row = (await loadLocked(tx, sessionId))!;
        const at = new Date();
        const idle = hb.idle_seconds;
        const syncedNow =
          hb.phase === 'synced' && row.status === 'machine_shutting_down' && !row.agentSyncedAt;
        // booting longer than announced: the banner's countdown moves on instead of sitting at zero
        const overdue =
          row.status === 'machine_booting' &&
          (!row.waitingUntil || row.waitingUntil.getTime() <= at.getTime());
        const [stored] = await tx
          .update(cloudSessions)
          .set({
            agentPhase: hb.phase,
            agentHeartbeatAt: at,
            agentIdleSeconds: idle,
            // input again after a warning: the next idle period warns again
            ...(idle !== null && idle < warnAfter && { agentIdleWarnedAt: null }),
            ...(syncedNow && { agentSyncedAt: at }),
            ...(overdue && { waitingUntil: new Date(at.getTime() + BOOT_EXTRA_SECONDS * 1000) }),
          })
          .where(eq(cloudSessions.id, sessionId))
          .returning();
        if (syncedNow)
          await enqueueJob(
            tx,
            'cloud.shutdown',
            { sessionId },
            { singletonKey: `cloud.shutdown:${sessionId}:synced` },
          );
        if (row.status === 'machine_started' && idle !== null && idle >= warnAfter)
          await enqueueJob(tx, 'cloud.idle', { sessionId }, { singletonKey: `cloud.idle:${sessionId}` });
        // (a machine whose agent service asks for leases reports the whole catalogue's checks there;
        // a session's agent knows only its booked software's)
        if (hb.capabilities && row.provider === 'pool')
          await tx
            .update(cloudPoolMachines)
            .set({ capabilities: hb.capabilities })
            .where(and(eq(cloudPoolMachines.leasedBy, sessionId), isNull(cloudPoolMachines.agentSeenAt)));
        let now = stored!;
        // 'started' before the boot job stored the machine: the boot job marks it started then
        if (row.status === 'machine_booting' && hb.phase === 'started' && row.hostName)
          now = await markStarted(tx, emit, stored!);
        else if (row.agentPhase !== hb.phase || overdue)
          emit('cloud.changed', { userId: row.userId, sessionId });
        if (now.status === 'machine_started') {
          const gap = row.agentHeartbeatAt ? at.getTime() - row.agentHeartbeatAt.getTime() : null;
          if (gap === null || row.status === 'machine_booting' || gap > lostAfter * 1000) {
            if (gap !== null && gap > lostAfter * 1000)
              log.info({ sessionId, gapSeconds: Math.round(gap / 1000) }, 'cloud: workstation agent back');
            await watch(tx, sessionId, at);
          }
        }
        return actionOf(now);
      });
    },

    /** The idle warning (once per idle period), or the idle end with the refund of unused whole hours. */
    async idleJob({ sessionId }: { sessionId: string }) {
      await ctx.events.transaction(ctx.db, async (tx, emit) => {
        const row = await loadLocked(tx, sessionId);
        if (row?.status !== 'machine_started' || row.agentIdleSeconds === null || !row.endsAt) return;
        const message = (text: string) =>
          notify(tx, emit, {
            userIds: [row.userId],
            type: 'cloud_session',
            title: CLOUD_TEXT.panelTitle,
            message: text,
            projectId: row.projectId,
            taskId: row.taskId,
            actorUserId: null,
          });
        if (row.agentIdleSeconds >= endAfter) {
          const hours = Math.max(0, Math.floor((row.endsAt.getTime() - Date.now()) / 3_600_000));
          const refund = Math.min(hours * row.pricePerHour, row.charged - row.refunded);
          if (refund > 0) {
            await tx
              .update(cloudSessions)
              .set({ refunded: row.refunded + refund })
              .where(eq(cloudSessions.id, sessionId));
            await refundSession(tx, row, refund);
          }
          log.info({ sessionId, refund }, 'cloud: an idle session ends');
          await beginShutdown(tx, emit, row);
          await message(CLOUD_AGENT_TEXT.idleEnded);
        } else if (row.agentIdleSeconds >= warnAfter && !row.agentIdleWarnedAt) {
          await tx
            .update(cloudSessions)
            .set({ agentIdleWarnedAt: sql`now()` })
            .where(eq(cloudSessions.id, sessionId));
          await message(CLOUD_AGENT_TEXT.idleWarning);
        }
      });
    },

    /** A started session's heartbeat stopped: logged (the admin page shows it); the session runs on. */
    async watchJob({ sessionId }: { sessionId: string }) {
      const [row] = await ctx.db.select().from(cloudSessions).where(eq(cloudSessions.id, sessionId));
      if (row?.status !== 'machine_started' || !row.agentHeartbeatAt) return;
      const age = Date.now() - row.agentHeartbeatAt.getTime();
      if (age > lostAfter * 1000)
        log.warn(
          { sessionId, seconds: Math.round(age / 1000) },
          'cloud: the workstation agent of a started session sends no heartbeat',
        );
      else await watch(ctx.db, sessionId, row.agentHeartbeatAt);
    },
  };
}
