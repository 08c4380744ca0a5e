import type { Tx } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Emit } from '../../platform/events/bus.ts';

/**
 * What another module does in the transaction that deletes a team, before the team's rows go (its
 * own rows then go by cascade): the projects module runs each project's cleanups and tells the
 * project's members their cards are gone, which it can only do while its rows are still there.
 */
export type TeamCleanup = (tx: Tx, teamId: string, emit: Emit) => Promise<void>;

/** Per app (keyed by its event bus): tests build many apps in one process. */
const cleanups = new WeakMap<object, TeamCleanup[]>();

/**
 * Registers a cleanup (from the registering module's manifest `listeners`, at build). This way teams
 * never imports the modules that keep rows per team: projects imports teams (a project's team) and
 * hands it what to run, so the two modules form no import cycle.
 */
export function onTeamDeleting(ctx: AppContext, cleanup: TeamCleanup) {
  const list = cleanups.get(ctx.events) ?? [];
  list.push(cleanup);
  cleanups.set(ctx.events, list);
}

/** Runs every registered cleanup for `teamId` in `tx`, in registration (module list) order. */
export async function runTeamCleanups(ctx: AppContext, tx: Tx, teamId: string, emit: Emit) {
  for (const cleanup of cleanups.get(ctx.events) ?? []) await cleanup(tx, teamId, emit);
}
