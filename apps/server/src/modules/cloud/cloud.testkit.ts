import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import {
  CLOUD_API,
  configurationId,
  DEFAULT_CLOUD_CATALOGUE,
  type CloudAvailabilityAnswer,
  type CloudQueueEntry,
  type CloudSession,
  type CloudTime,
} from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { freePort } from '../../platform/freePort.ts';
import { cloudSessions, users } from '../../db/schema/index.ts';
import { addMembers, apiProject, bigTeam, call, person, type Person } from '../projects/projects.testkit.ts';
import { creditBalance, grantCredits } from '../credits/index.ts';
import { seedCapacity } from './cloud.catalogue.ts';
import type { AgentLaunch, CloudProvider } from './cloud.machine.ts';
import { runsEverything } from './cloud.runnable.ts';

/**
 * A person whose address is `email`, one the app's PLATFORM_ADMIN_EMAILS names: the platform's
 * operator, who keeps the cloud catalogue and the pool's machines.
 */
export async function platformAdmin(t: TestApp, email: string) {
  const admin = await person(t);
  await t.ctx.db.update(users).set({ email }).where(eq(users.id, admin.user.id));
  return admin;
}

/** Buys the team `psc` credits (0: none). */
export async function giveCredits(t: TestApp, teamId: string, psc: number) {
  if (psc <= 0) return;
  await t.ctx.db.transaction((tx) =>
    grantCredits(tx, {
      teamId,
      amountPaise: psc * 100,
      idempotencyKey: `test-grant:${teamId}:${randomUUID()}`,
      reason: 'test',
    }),
  );
}

/** The team's balance in PSC. */
export const balance = async (t: TestApp, teamId: string) => (await creditBalance(t.ctx.db, teamId)) / 100;

export { call, person, type Person };

/** A team (enterprise plan unless told) with a project, its owner and `n` more project members. */
export async function cloudWorld(t: TestApp, n = 1, credits = 100_000) {
  await seedCapacity(t.ctx);
  const owner = await person(t);
  const others = await Promise.all(Array.from({ length: n }, () => person(t)));
  // the team holds the members for a few; for many, the owner's own (enterprise) team (member limits)
  const teamId = await bigTeam(t, owner, n <= 3 ? others.map((p) => p.user.id) : []);
  const projectId = await apiProject(t, owner, teamId);
  if (others.length) await addMembers(t, owner, projectId, others);
  await giveCredits(t, teamId, credits);
  return { owner, others, teamId, projectId };
}

export const config = (hardware = 'standard', plugins: string[] = [], software = 'premiere_pro') => ({
  software,
  hardware,
  plugins,
  id: configurationId(software, hardware, plugins),
});

export function book(
  t: TestApp,
  who: Person,
  projectId: string,
  opts: { hardware?: string; plugins?: string[]; duration?: number; software?: string } = {},
) {
  const c = config(opts.hardware, opts.plugins, opts.software);
  return call<CloudSession>(t, 'POST', CLOUD_API.start, who, {
    project_db_id: projectId,
    duration: opts.duration ?? 60,
    task_type: 'task',
    cloud_configuration_db_id: c.id,
    hardware_slug: c.hardware,
    software_slug: c.software,
    plugin_slug: c.plugins,
    timezone: { name: 'Asia/Kolkata', offset: 330 },
  });
}

export const availability = (
  t: TestApp,
  who: Person,
  projectId: string,
  hardware = 'standard',
  duration = 60,
) =>
  call<CloudAvailabilityAnswer>(t, 'POST', CLOUD_API.availability, who, {
    project_db_id: projectId,
    duration,
    task_type: 'task',
    cloud_configuration_db_id: config(hardware).id,
  });

export const queue = (t: TestApp, who: Person, projectId: string, hardware = 'standard') =>
  call<CloudQueueEntry>(t, 'POST', CLOUD_API.queue, who, {
    project_db_id: projectId,
    duration: 60,
    cloud_configuration_db_id: config(hardware).id,
  });

export const time = (t: TestApp, who: Person) => call<CloudTime>(t, 'GET', CLOUD_API.time, who);

export const end = (t: TestApp, who: Person, projectId: string, id: string) =>
  call(t, 'PUT', CLOUD_API.end, who, { project_db_id: projectId, cloud_id: id, message: 'End' });

export async function sessionRow(t: TestApp, id: string) {
  const [row] = await t.ctx.db.select().from(cloudSessions).where(eq(cloudSessions.id, id));
  return row!;
}

/** The fake clock: the named jobs (and queue offers) are due now. */
export async function jobsDueNow(t: TestApp, name: string, endsAt?: string) {
  await t.ctx.db.execute(
    sql`update jobs set run_at = now() where name = ${name} and state = 'queued'
        and (${endsAt ?? null}::text is null or data->>'endsAt' = ${endsAt ?? null})`,
  );
  if (name === 'cloud.offerExpire')
    await t.ctx.db.execute(sql`update cloud_queue set offered_until = now() where status = 'offered'`);
}

/**
 * An app of the local provider that listens on its configured port: a desktop's workstation agent
 * reaches the server there (on loopback), and reports its phases on its own.
 */
export async function listeningLocalApp(
  env: Record<string, string>,
  opts: { sameDatabaseAs?: TestApp } = {},
) {
  const port = await freePort();
  const t = await createTestApp({ CLOUD_PROVIDER: 'local', ...env, PORT: String(port) }, opts);
  await t.app.listen({ port, host: '127.0.0.1' });
  return { t, url: `http://127.0.0.1:${port}` };
}

/** Waits until the session is in `status` (a local desktop is started when its agent says so). */
export async function untilStatus(t: TestApp, id: string, status: string, limitMs = 45_000) {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const row = await sessionRow(t, id);
    if (row.status === status) return row;
    if (row.status === 'failed' || Date.now() > deadline)
      throw new Error(
        `session ${id} is ${row.status}, not ${status}${row.failure ? `: ${row.failure}` : ''}`,
      );
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A provider with no desktop that waits for an agent (as the local one does): what it was asked to
 * start with (the agent's URL and token) is recorded in `launches` for a test's stand-in or real agent.
 */
export function agentWaitingProvider(launches: Map<string, AgentLaunch>): CloudProvider {
  const live = new Set<string>();
  return {
    name: 'simulated',
    waitsForAgent: true,
    unavailableReason: async () => null,
    runnable: async (c) => runsEverything(c),
    async start(id, opts) {
      live.add(id);
      if (opts.agent) launches.set(id, opts.agent);
      const machine = { hostName: 'sim', ipAddress: '10.0.0.9', port: 5900, username: 'editor' };
      return { ...machine, password: opts.password ?? 'pw123456', ref: `sim-${id}` };
    },
    stop: async (id) => void live.delete(id),
    running: (id) => live.has(id),
    close: async () => live.clear(),
  };
}

/**
 * Writes, in `dir`, the default catalogue plus 'plain_desktop', a software whose program is `sleep`:
 * for tests and benches of the way in (tunnel, launch, renders) where the program is not what is
 * measured. Returns the file's path, for CLOUD_CATALOGUE_FILE.
 */
export async function plainDesktopCatalogueFile(dir: string) {
  const file = path.join(dir, 'catalogue.json');
  const plain = {
    slug: 'plain_desktop',
    title: 'Desktop',
    system_type: 'video_editing',
    skip_plugins: true,
    launch: { command: ['sleep', '3600'], check: 'sleep' },
  };
  const catalogue = { ...DEFAULT_CLOUD_CATALOGUE, softwares: [...DEFAULT_CLOUD_CATALOGUE.softwares, plain] };
  await writeFile(file, JSON.stringify(catalogue));
  return file;
}

/** Polls `fn` every `every` ms until it answers something truthy; throws after `limitMs`. */
export async function until<T>(
  fn: () => Promise<T | null | undefined | false>,
  every = 100,
  limitMs = 75_000,
): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`gave up waiting after ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, every));
  }
}
