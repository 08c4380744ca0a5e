import type { AppContext } from '../../platform/context.ts';
import { ReadCache } from '../../platform/readCache.ts';

declare module '../../platform/realtime/realtime.ts' {
  interface NodeMessages {
    project_access_changed: { projectId: string };
  }
}

/**
 * Each node's members' access read by project route policies and room joins (most requests of a
 * project skip the membership read). The row inside is the project as read then: its title and team
 * are dropped with it on a change, its totals are not, so a route that shows totals reads them.
 * Keyed by the node's realtime (one per app, shared by the contexts of its rooms).
 */
const caches = new WeakMap<AppContext['realtime'], ReadCache<object>>();

function cacheOf(ctx: AppContext): ReadCache<object> {
  const known = caches.get(ctx.realtime);
  if (known) return known;
  const cache = new ReadCache<object>(ctx.config.PROJECT_ACCESS_CACHE_MS);
  ctx.realtime.onEveryNode('project_access_changed', ({ projectId }) => cache.drop(`p:${projectId}`));
  caches.set(ctx.realtime, cache);
  return cache;
}

/**
 * The caller's access (projects.policy.ts's ProjectAccess), from this node's cache or `load` (null,
 * never kept: not a member).
 */
export async function cachedProjectAccess<A extends object>(
  ctx: AppContext,
  userId: string,
  projectId: string,
  load: () => Promise<A | null>,
): Promise<A | null> {
  const cache = cacheOf(ctx);
  const key = `${projectId}:${userId}`;
  const readAt = Date.now();
  const hit = cache.get(key, readAt);
  if (hit) return hit as A;
  const access = await load();
  if (access) cache.set(key, [`p:${projectId}`], access, readAt);
  return access;
}

/**
 * Every change of a project's members, their roles or permissions, its title, or its deletion emits
 * project.changed or project.deleted: at its commit, before the change's answer, the project's cached
 * access is dropped on this node and the other nodes are told.
 */
export function dropCachedAccessOnChange(ctx: AppContext) {
  cacheOf(ctx);
  const drop = ({ projectId }: { projectId: string }) =>
    ctx.realtime.toEveryNode('project_access_changed', { projectId });
  ctx.events.on('project.changed', drop, { atCommit: true });
  ctx.events.on('project.deleted', drop, { atCommit: true });
}

/** For tests that change membership rows behind the product's back. */
export const clearCachedProjectAccess = (ctx: AppContext) => cacheOf(ctx).clear();
