/**
 * Module manifests (DESIGN §3, §7). Each module's front door, `modules/<m>/index.ts`, exports one
 * `defineModule({...})` naming everything the app must wire for it: its HTTP routes, the handlers of
 * its jobs, its event listeners (realtime mappers and the like), the realtime rooms it guards and the
 * timers it schedules at start-up. `app.ts` and `start.ts` loop over one `MODULES` list, so a new
 * module is its folder plus one line there.
 *
 * Jobs are a typed registry checked twice: at compile time every name of the `JobDefinitions` union
 * must be handled by some manifest of the list (`EveryJobHandled`), and at boot `collectJobHandlers`
 * refuses a list where a declared job has no handler or two manifests handle the same job.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import type { AppContext } from './context.ts';
import type { JobData, JobHandler, JobName } from './jobs/queue.ts';
import { PolicyRegistry, type PolicyRegistrations } from './policies.ts';
import type { RoomPolicy } from './realtime/realtime.ts';

/** What wiring gets besides the context: the app's logger (the media pipeline logs its failures). */
export type ModuleLog = FastifyBaseLogger;

/** Builds the one handler of job `N` from the app's context. */
export type JobFactory<N extends JobName> = (ctx: AppContext, log: ModuleLog) => JobHandler<JobData<N>>;

/** A Fastify plugin of routes, built from the context (the existing `xxxRoutes(ctx)` functions). */
export type RoutesFactory = (ctx: AppContext) => (fastify: FastifyInstance) => Promise<void>;

export interface ModuleManifest<J extends JobName = JobName> {
  /** Unique in the list; named by the boot check's errors. */
  name: string;
  routes?: readonly RoutesFactory[];
  /** Job name → the factory of its one handler. */
  jobs?: { readonly [N in J]: JobFactory<N> };
  /** Subscribes to domain events (realtime mappers, notifications, …); run once at build. */
  listeners?: readonly ((ctx: AppContext) => void)[];
  /**
   * Route policies: `'<module>.<rule>'` (the name the route map declares) → its resolver, e.g.
   * `{ 'projects.canViewProject': projectPolicy(canViewProject) }` (platform/policies.ts). `serve()`
   * runs it before the handler; a route whose policy no manifest registers fails the boot.
   */
  policies?: PolicyRegistrations;
  /** Room prefix → who may join `${prefix}:{id}` (checked like the matching HTTP read). */
  rooms?: Readonly<Record<string, (ctx: AppContext) => RoomPolicy>>;
  /** Start-up timers (the first run of a recurring job); each node runs them, singleton keys dedupe. */
  schedules?: readonly ((ctx: AppContext) => Promise<unknown>)[];
}

/** Declares a module's manifest; keeps the literal job names so the list's coverage is type-checked. */
export function defineModule<J extends JobName = never>(manifest: ModuleManifest<J>): ModuleManifest<J> {
  return manifest;
}

/** The job names a manifest (or a union of manifests) handles. */
export type JobsOf<M> = M extends ModuleManifest<infer J> ? J : never;

/**
 * `true` when every job of the `JobDefinitions` union has a handler in one of the manifests `M`;
 * otherwise an object naming the missing ones, so `const x: EveryJobHandled<…> = true` fails to
 * compile (and `npm run typecheck` with it) while a job is declared that nothing runs.
 */
export type EveryJobHandled<M> = [Exclude<JobName, JobsOf<M>>] extends [never]
  ? true
  : { missingJobHandlers: Exclude<JobName, JobsOf<M>> };

export type AnyModule = ModuleManifest<JobName> | ModuleManifest<never>;

/**
 * Boot check of the job registry: every job a manifest declares has exactly one handler across the
 * list. Returns name → handler factory; throws naming every job that has none, or two, and the
 * modules involved. Also refuses two manifests with the same name.
 */
export function collectJobHandlers(modules: readonly AnyModule[]): Map<JobName, JobFactory<JobName>> {
  const owners = new Map<string, string[]>();
  const factories = new Map<JobName, JobFactory<JobName>>();
  const missing: string[] = [];
  const names = new Set<string>();
  for (const m of modules) {
    if (names.has(m.name)) throw new Error(`modules: '${m.name}' appears twice in the module list`);
    names.add(m.name);
    for (const [name, factory] of Object.entries(m.jobs ?? {}) as [JobName, unknown][]) {
      owners.set(name, [...(owners.get(name) ?? []), m.name]);
      if (typeof factory !== 'function') missing.push(`${name} (declared by ${m.name})`);
      else factories.set(name, factory as JobFactory<JobName>);
    }
  }
  const twice = [...owners].filter(([, by]) => by.length > 1).map(([n, by]) => `${n} (${by.join(', ')})`);
  const problems = [
    ...(missing.length ? [`no handler for ${missing.join(', ')}`] : []),
    ...(twice.length ? [`two handlers for ${twice.join(', ')}`] : []),
  ];
  if (problems.length) throw new Error(`jobs: ${problems.join('; ')}`);
  return factories;
}

/**
 * Wires every module into a built app: job handlers (after the boot check), rooms, listeners in list
 * order (listeners of one event run in that order), then routes. Called once by `buildApp`.
 * Each module's routes are registered in a context of their own that knows the policy registry and
 * the module's name, so `serve()` resolves every route's policy at boot (platform/policies.ts).
 */
export async function registerModules(
  fastify: FastifyInstance,
  ctx: AppContext,
  modules: readonly AnyModule[],
  realtimeDb?: Db,
): Promise<void> {
  const factories = collectJobHandlers(modules);
  // a room's access check reads through the realtime server's own connections when there are some
  const roomCtx = realtimeDb ? { ...ctx, db: realtimeDb } : ctx;
  for (const [name, factory] of factories) ctx.jobs.register(name, factory(ctx, fastify.log));
  ctx.jobs.assertHandlers([...factories.keys()]);
  for (const m of modules) {
    for (const [prefix, policy] of Object.entries(m.rooms ?? {}))
      ctx.realtime.registerRoom(prefix, policy(roomCtx));
    for (const listen of m.listeners ?? []) listen(ctx);
  }
  const registry = new PolicyRegistry(ctx, modules);
  fastify.decorateRequest('policyAccess', null);
  for (const m of modules) {
    if (!m.routes?.length) continue;
    await fastify.register(async (scope) => {
      scope.decorate('policies', { registry, module: m.name });
      for (const routes of m.routes ?? []) await scope.register(routes(ctx));
    });
  }
}

/** Every module's start-up timers, in list order (main.ts and the e2e server both call it via startApp). */
export async function scheduleAll(ctx: AppContext, modules: readonly AnyModule[]): Promise<void> {
  for (const m of modules) {
    for (const schedule of m.schedules ?? []) await schedule(ctx);
  }
}
