import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { CLOUD_EXTENSION_MINUTES, CLOUD_TEXT, pluginsFor, sessionCost } from '@rushes/shared';
import type { z } from 'zod';
import type { cloudAvailabilityBody, cloudExtendBody, cloudQueueBody, cloudStartBody } from '@rushes/shared';
import { cloudQueue, cloudSessions } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, badRequest } from '../../platform/http/errors.ts';
import { enqueueJob } from '../../platform/jobs/queue.ts';
import type { ModuleLog } from '../../platform/modules.ts';
import { secretBoxFor } from '../../platform/security/secretBox.ts';
import { assertCloudLimits } from '../plans/index.ts';
import { catalogueOf, resolveConfiguration } from './cloud.catalogue.ts';
import { offered } from './cloud.runnable.ts';
import { bookingKey, chargeCredits, extensionKey } from './cloud.credits.ts';
import { beginShutdown, BOOT_ESTIMATE_SECONDS, scheduleEnd } from './cloud.lifecycle.ts';
import type { ProjectAccess } from '../projects/index.ts';
import { authorizeCloud, ownQueueEntry, ownSession } from './cloud.policy.ts';
import { presentQueue, presentRequested, presentSession } from './cloud.present.ts';
import { providerOf } from './cloud.providers.ts';
import { offerFreeMachines } from './cloud.queue.ts';
import {
  activeSessionOf,
  countTeamActive,
  heldMachines,
  lockCapacity,
  openQueueEntryOf,
  queuePosition,
  readCapacity,
  teamMinutesThisMonth,
} from './cloud.sql.ts';

/** 'Resource is not available' (spec 001 §8): 409, nothing booked. */
const notAvailable = () => new AppError(CLOUD_TEXT.resourceNotAvailable, { status: 409 });

const assignmentCode = () => `CS-${randomBytes(4).toString('hex').toUpperCase()}`;

export function createCloudService(ctx: AppContext, log: ModuleLog) {
  const catalogue = () => catalogueOf(ctx.db);
  const box = secretBoxFor(ctx.config, ctx.secret);
  const provider = () => providerOf(ctx, log);
  const now = () => new Date();
  /** The catalogue and what this app's provider can run of it (the wizard offers only that). */
  const offer = async () => {
    const c = await catalogue();
    return [c, await provider().runnable(c)] as const;
  };

  /**
   * A hardware with no machine at all (capacity 0, or a provider that cannot start one) is 'Resource
   * is not available' (spec 001 §4 step 2: the wizard goes back to the type step); a queue for it
   * would never move. The log says why, for the operator. All of its machines busy is not this:
   * the availability answer says so and the queue is offered (step 4).
   */
  async function assertHasMachines(hardwareSlug: string) {
    const reason =
      (await provider().unavailableReason(await catalogue())) ??
      ((await readCapacity(ctx.db, hardwareSlug)) > 0
        ? null
        : `hardware ${hardwareSlug} has no machine (capacity 0${provider().name === 'pool' ? ': no workstation of it is registered' : ' in the cloud catalogue'})`);
    if (reason) {
      log.warn(
        { provider: provider().name, hardware: hardwareSlug, reason },
        `cloud: resource not available: ${reason}`,
      );
      throw notAvailable();
    }
  }

  /** A software the wizard offers (an external tool, or one the provider runs). */
  async function software(slug: string) {
    const [c, run] = await offer();
    const s = c.softwares.find((x) => x.slug === slug);
    if (!s || !offered(run, s)) throw badRequest(CLOUD_TEXT.resourceNotAvailable);
    return { s, c, run };
  }

  return {
    catalogue,

    // Who may (a member of the project) is the routes' policy, cloud.canUseCloud, checked before the
    // handler: the catalogue reads and the booking take the project it checked.
    async systemTypes() {
      return { system_types: (await catalogue()).system_types };
    },

    async softwares() {
      const [c, run] = await offer();
      return {
        softwares: c.softwares
          .filter((s) => offered(run, s))
          .map(({ launch: _, ...s }) => ({ ...s, external_url: s.external_url ?? null })),
      };
    },

    async plugins(softwareSlug: string) {
      const { s, c, run } = await software(softwareSlug);
      return {
        plugins: s.skip_plugins
          ? []
          : pluginsFor(c, s.slug)
              .filter((p) => run.plugins.has(p.slug))
              .map(({ check: _, ...p }) => p),
      };
    },

    async hardware(userId: string, softwareSlug: string) {
      await software(softwareSlug);
      const list = [];
      for (const h of (await catalogue()).hardware) {
        const free = (await readCapacity(ctx.db, h.slug)) - (await heldMachines(ctx.db, h.slug, userId));
        list.push({ ...h, available: Math.max(0, free) });
      }
      return { hardware: list };
    },

    async system(q: { software_slug: string; hardware_slug: string; plugin_slug: string }) {
      const plugins = q.plugin_slug ? q.plugin_slug.split(',').filter(Boolean) : [];
      const id = [q.software_slug, q.hardware_slug, [...new Set(plugins)].sort().join('+')].join('.');
      const chosen = resolveConfiguration(...(await offer()), id);
      return {
        cloud_configuration_db_id: chosen.configurationId,
        software: { slug: chosen.software.slug, title: chosen.software.title },
        hardware: {
          slug: chosen.hardware.slug,
          title: chosen.hardware.title,
          pricing: chosen.hardware.pricing,
        },
        plugins: chosen.plugins.map((p) => ({ slug: p.slug, title: p.title, pricing: p.pricing })),
        pricing: chosen.perHour,
        is_adobe_license_required: chosen.software.is_adobe_license_required,
      };
    },

    async availability(userId: string, body: z.output<typeof cloudAvailabilityBody>) {
      const chosen = resolveConfiguration(...(await offer()), body.cloud_configuration_db_id);
      await assertHasMachines(chosen.hardware.slug);
      const entry = await openQueueEntryOf(ctx.db, userId);
      const mine = entry?.hardwareSlug === chosen.hardware.slug ? entry : null;
      const free =
        (await readCapacity(ctx.db, chosen.hardware.slug)) -
        (await heldMachines(ctx.db, chosen.hardware.slug, userId));
      const available = free > 0 || mine?.status === 'offered';
      return {
        available,
        machine_status: available ? ('machine_available' as const) : ('machine_inqueue' as const),
        amount: sessionCost(chosen.perHour, body.duration),
        cloud_resource_queue_id: mine?.id ?? null,
        in_queue: Boolean(mine),
      };
    },

    /** Books a machine: plan limits, capacity (row lock), credits, then the boot job. */
    async start(access: ProjectAccess, body: z.output<typeof cloudStartBody>) {
      const { userId } = access;
      const chosen = resolveConfiguration(...(await offer()), body.cloud_configuration_db_id);
      if (
        chosen.software.slug !== body.software_slug ||
        chosen.hardware.slug !== body.hardware_slug ||
        [...new Set(body.plugin_slug)].sort().join('+') !==
          chosen.plugins
            .map((p) => p.slug)
            .sort()
            .join('+')
      )
        throw badRequest(CLOUD_TEXT.resourceNotAvailable);
      await assertHasMachines(chosen.hardware.slug);
      const teamId = access.project.teamId;
      const id = randomUUID();
      const amount = sessionCost(chosen.perHour, body.duration);
      const row = await ctx.events.transaction(ctx.db, async (tx, emit) => {
        // plan limits (002 §3 currentPlan), under the team lock plans takes
        await assertCloudLimits(tx, teamId, {
          concurrent: (await countTeamActive(tx, teamId)) + 1,
          hours: ((await teamMinutesThisMonth(tx, teamId)) + body.duration) / 60,
        });
        if (await activeSessionOf(tx, userId)) throw badRequest(CLOUD_TEXT.alreadyRunning);
        const capacity = await lockCapacity(tx, chosen.hardware.slug);
        const entry = await openQueueEntryOf(tx, userId);
        const offered =
          entry?.status === 'offered' && entry.hardwareSlug === chosen.hardware.slug ? entry : null;
        if (!offered && (await heldMachines(tx, chosen.hardware.slug, userId)) >= capacity)
          throw notAvailable();
        if (entry?.hardwareSlug === chosen.hardware.slug)
          await tx.update(cloudQueue).set({ status: 'accepted' }).where(eq(cloudQueue.id, entry.id));
        const [inserted] = await tx
          .insert(cloudSessions)
          .values({
            id,
            assignmentCode: assignmentCode(),
            userId,
            teamId,
            projectId: body.project_db_id,
            taskId: body.task_db_id ?? null,
            taskType: body.task_type,
            softwareSlug: chosen.software.slug,
            hardwareSlug: chosen.hardware.slug,
            pluginSlugs: chosen.plugins.map((p) => p.slug),
            pricePerHour: chosen.perHour,
            durationMinutes: body.duration,
            charged: amount,
            timezoneName: body.timezone.name,
            timezoneOffset: body.timezone.offset,
            provider: provider().name,
            waitingUntil: sql`now() + make_interval(secs => ${BOOT_ESTIMATE_SECONDS})`,
          })
          .returning();
        await chargeCredits(tx, {
          teamId,
          userId,
          amount,
          idempotencyKey: bookingKey(id),
          reason: 'cloud_booking',
          sessionId: id,
        });
        await enqueueJob(tx, 'cloud.boot', { sessionId: id }, { singletonKey: `cloud.boot:${id}` });
        emit('cloud.changed', { userId, sessionId: id });
        return inserted!;
      });
      // the boot starts now, not at the job worker's next poll (up to a second later)
      ctx.jobs.wake();
      return presentSession(await catalogue(), box, row, now(), ctx.secret);
    },

    /** +1 hour, only while started (spec 001 §4.6, §9). */
    async extend(userId: string, body: z.output<typeof cloudExtendBody>) {
      await authorizeCloud(ctx.db, userId, body.project_db_id);
      await ownSession(ctx.db, userId, body.cloud_id, body.project_db_id);
      const row = await ctx.events.transaction(ctx.db, async (tx, emit) => {
        const [s] = await tx
          .select()
          .from(cloudSessions)
          .where(eq(cloudSessions.id, body.cloud_id))
          .for('update');
        if (!s) throw notAvailable();
        if (s.status !== 'machine_started' || !s.endsAt) throw badRequest(CLOUD_TEXT.notStarted);
        await assertCloudLimits(tx, s.teamId, {
          hours: ((await teamMinutesThisMonth(tx, s.teamId)) + CLOUD_EXTENSION_MINUTES) / 60,
        });
        const amount = sessionCost(s.pricePerHour, CLOUD_EXTENSION_MINUTES);
        const [updated] = await tx
          .update(cloudSessions)
          .set({
            durationMinutes: s.durationMinutes + CLOUD_EXTENSION_MINUTES,
            extensions: s.extensions + 1,
            endsAt: new Date(s.endsAt.getTime() + CLOUD_EXTENSION_MINUTES * 60_000),
            charged: s.charged + amount,
          })
          .where(eq(cloudSessions.id, s.id))
          .returning();
        await chargeCredits(tx, {
          teamId: s.teamId,
          userId,
          amount,
          idempotencyKey: extensionKey(s.id, s.extensions + 1),
          reason: 'cloud_extension',
          sessionId: s.id,
        });
        await scheduleEnd(tx, s.id, updated!.endsAt!);
        emit('cloud.changed', { userId, sessionId: s.id });
        return updated!;
      });
      return presentSession(await catalogue(), box, row, now(), ctx.secret);
    },

    /** message End (spec 001 §4.8): shutting down now; the booked time is not refunded. */
    async end(userId: string, body: { project_db_id: string; cloud_id: string }) {
      await ownSession(ctx.db, userId, body.cloud_id, body.project_db_id);
      await ctx.events.transaction(ctx.db, async (tx, emit) => {
        const [s] = await tx
          .select()
          .from(cloudSessions)
          .where(eq(cloudSessions.id, body.cloud_id))
          .for('update');
        if (!s || !['machine_booting', 'machine_started'].includes(s.status)) return;
        await beginShutdown(tx, emit, s);
      });
      ctx.jobs.wake();
      return { message: CLOUD_TEXT.sessionEnded };
    },

    async queue(userId: string, body: z.output<typeof cloudQueueBody>) {
      const chosen = resolveConfiguration(...(await offer()), body.cloud_configuration_db_id);
      await assertHasMachines(chosen.hardware.slug);
      const entry = await ctx.events.transaction(ctx.db, async (tx, emit) => {
        await lockCapacity(tx, chosen.hardware.slug);
        const open = await openQueueEntryOf(tx, userId);
        if (open) return open;
        const [row] = await tx
          .insert(cloudQueue)
          .values({
            userId,
            projectId: body.project_db_id,
            taskId: body.task_db_id ?? null,
            hardwareSlug: chosen.hardware.slug,
            configurationId: chosen.configurationId,
            durationMinutes: body.duration,
          })
          .returning();
        // a machine may be free already (the user queued anyway): offer it at once
        await offerFreeMachines(tx, emit, chosen.hardware.slug, ctx.config.CLOUD_CONFIRM_SECONDS);
        emit('cloud.changed', { userId, sessionId: null });
        return row!;
      });
      const [fresh] = await ctx.db.select().from(cloudQueue).where(eq(cloudQueue.id, entry.id));
      return presentQueue(fresh!, await queuePosition(ctx.db, fresh!));
    },

    async cancelQueue(userId: string, entryId: string) {
      const entry = await ownQueueEntry(ctx.db, userId, entryId);
      await ctx.events.transaction(ctx.db, async (tx, emit) => {
        const [cancelled] = await tx
          .update(cloudQueue)
          .set({ status: 'cancelled' })
          .where(and(eq(cloudQueue.id, entry.id), inArray(cloudQueue.status, ['waiting', 'offered'])))
          .returning();
        if (!cancelled) return;
        emit('cloud.changed', { userId, sessionId: null });
        if (entry.status === 'offered')
          await offerFreeMachines(tx, emit, entry.hardwareSlug, ctx.config.CLOUD_CONFIRM_SECONDS);
      });
      return { message: CLOUD_TEXT.cancelQueue };
    },

    /** The cloud time call: the banner's session, the caller's session in full, the queue entry. */
    async time(userId: string) {
      const result = (await ctx.db.execute(sql`select now() as now`)) as unknown as {
        rows: { now: string | Date }[];
      };
      const clock = result.rows[0];
      const current = new Date(clock?.now ?? Date.now());
      const row = await activeSessionOf(ctx.db, userId);
      const entry = await openQueueEntryOf(ctx.db, userId);
      return {
        data: { session: row ? presentRequested(row) : null },
        current_time: current.toISOString(),
        session: row ? presentSession(await catalogue(), box, row, current, ctx.secret) : null,
        queue: entry ? presentQueue(entry, await queuePosition(ctx.db, entry)) : null,
      };
    },
  };
}

export type CloudService = ReturnType<typeof createCloudService>;
