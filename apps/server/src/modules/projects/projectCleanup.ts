import type { Tx } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';

/**
 * What another module does in the transaction that deletes a project, before the project's rows go
 * (its own rows then go by cascade): the assets module queues the removal of the project's stored
 * files, which it can only list while its rows are still there.
 */
export type ProjectCleanup = (tx: Tx, projectId: string) => Promise<void>;

/** Per app (keyed by its event bus): tests build many apps in one process. */
const cleanups = new WeakMap<object, ProjectCleanup[]>();

/**
 * Registers a cleanup (from the registering module's manifest `listeners`, at build). This way the
 * projects module never imports the modules that keep rows per project (no module cycle
 * through projects): they import projects, and hand it what to run.
 */
export function onProjectDeleting(ctx: AppContext, cleanup: ProjectCleanup) {
  const list = cleanups.get(ctx.events) ?? [];
  list.push(cleanup);
  cleanups.set(ctx.events, list);
}

/** Runs every registered cleanup for `projectId` in `tx`, in registration (module list) order. */
export async function runProjectCleanups(ctx: AppContext, tx: Tx, projectId: string) {
  for (const cleanup of cleanups.get(ctx.events) ?? []) await cleanup(tx, projectId);
}
