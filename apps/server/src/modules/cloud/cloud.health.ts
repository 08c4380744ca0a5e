import { and, eq, inArray } from 'drizzle-orm';
import { CLOUD_NOT_RUNNABLE, type CloudAdminHealth, type CloudCatalogue } from '@rushes/shared';
import { cloudPoolMachines, cloudSessions } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import type { ModuleLog } from '../../platform/modules.ts';
import { catalogueOf } from './cloud.catalogue.ts';
import { LOCAL_BINARIES, missingLocalBinaries } from './cloud.local.ts';
import type { CloudProvider, Runnable } from './cloud.machine.ts';
import { providerOf } from './cloud.providers.ts';
import { localRunnableReport } from './cloud.runnable.ts';
import { ACTIVE_STATES, readCapacity } from './cloud.sql.ts';

type Reasons = { softwares: Record<string, string | null>; plugins: Record<string, string | null> };

/**
 * The operator's view of the provider this server books on (the cloud admin page): why it refuses
 * sessions, which of its binaries are missing, capacity, the sessions it runs with their agents'
 * last heartbeats, and which catalogue entries it can run and why not. Who may is the route's policy,
 * cloud.isPlatformAdmin.
 */
export function createCloudHealth(ctx: AppContext, log: ModuleLog) {
  const lostMs = ctx.config.CLOUD_AGENT_LOST_SECONDS * 1000;

  /** Why each entry does not run (null: it runs). */
  async function reasons(p: CloudProvider, c: CloudCatalogue, run: Runnable): Promise<Reasons> {
    if (p.name === 'local') return localRunnableReport(c);
    const registered = await ctx.db.select({ id: cloudPoolMachines.id }).from(cloudPoolMachines).limit(1);
    const why = (launchable: boolean) =>
      !launchable
        ? CLOUD_NOT_RUNNABLE.noLaunch
        : p.name === 'pool' && registered.length === 0
          ? CLOUD_NOT_RUNNABLE.noWorkstation
          : CLOUD_NOT_RUNNABLE.notReported;
    const softwares: Record<string, string | null> = {};
    for (const s of c.softwares)
      if (!s.external_url) softwares[s.slug] = run.softwares.has(s.slug) ? null : why(Boolean(s.launch));
    const plugins: Record<string, string | null> = {};
    for (const pl of c.plugins)
      plugins[pl.slug] = run.plugins.has(pl.slug)
        ? null
        : pl.softwares.some((s) => run.softwares.has(s))
          ? why(true)
          : CLOUD_NOT_RUNNABLE.noSoftware;
    return { softwares, plugins };
  }

  const list = (r: Record<string, string | null>) =>
    Object.entries(r).map(([slug, reason]) => ({ slug, runnable: reason === null, reason }));

  return {
    async report(): Promise<CloudAdminHealth> {
      const p = providerOf(ctx, log);
      const c = await catalogueOf(ctx.db);
      const run = await p.runnable(c);
      const missing = p.name === 'local' ? await missingLocalBinaries() : null;
      const capacity = await Promise.all(
        c.hardware.map(async (h) => ({
          hardware_slug: h.slug,
          capacity: await readCapacity(ctx.db, h.slug),
        })),
      );
      const rows = await ctx.db
        .select()
        .from(cloudSessions)
        .where(and(eq(cloudSessions.provider, p.name), inArray(cloudSessions.status, ACTIVE_STATES)))
        .orderBy(cloudSessions.createdAt)
        .limit(500);
      const why = await reasons(p, c, run);
      return {
        providers: [
          {
            name: p.name,
            active: true,
            unavailable_reason: await p.unavailableReason(c),
            binaries: missing
              ? { present: LOCAL_BINARIES.filter((b) => !missing.includes(b)), missing }
              : null,
            capacity,
            sessions_running: rows.length,
            sessions: rows.map((r) => ({
              cloud_id: r.id,
              assignment_code: r.assignmentCode,
              status: r.status,
              agent_phase: r.agentPhase,
              last_heartbeat: r.agentHeartbeatAt?.toISOString() ?? null,
              agent_lost:
                r.status === 'machine_started' &&
                r.agentHeartbeatAt !== null &&
                Date.now() - r.agentHeartbeatAt.getTime() > lostMs,
            })),
            softwares: list(why.softwares),
            plugins: list(why.plugins),
          },
        ],
      };
    },
  };
}
