import { MSG } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { forbidden } from '../../platform/http/errors.ts';

/**
 * The check behind the search's `team_id` (its declared policy, `teams.canView`): resolves when the
 * caller may see the team, throws the teams module's refusal otherwise. The teams manifest registers
 * it, so users (which teams and projects build on for user rows) never imports teams (no
 * module cycle through users).
 */
export type TeamGate = (db: DbOrTx, userId: string, teamId: string) => Promise<void>;

/** Per app (keyed by its event bus, like the project cleanups): tests build many apps in one process. */
const gates = new WeakMap<object, TeamGate>();

/** Registers the team check (from the teams manifest's `listeners`, at build). */
export function gateUserSearchByTeam(ctx: AppContext, gate: TeamGate) {
  gates.set(ctx.events, gate);
}

/** Runs the registered check; without one (an app without teams) nobody passes. */
export async function passTeamGate(ctx: AppContext, userId: string, teamId: string) {
  const gate = gates.get(ctx.events);
  if (!gate) throw forbidden(MSG.noTeamAccess);
  await gate(ctx.db, userId, teamId);
}
