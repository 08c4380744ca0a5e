import type { Tx } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';

/**
 * Sets a team's plan (teams.plan_code) in the caller's transaction, the row only. The teams module
 * owns that row and builds on plans (its limits), so plans cannot import it: teams hands its writer
 * over from its manifest's `listeners` (as projects' onProjectDeleting), and an applied upgrade calls it.
 */
export type TeamPlanWriter = (tx: Tx, teamId: string, planCode: string) => Promise<void>;

/** Per app (keyed by its event bus): tests build many apps in one process. */
const writers = new WeakMap<object, TeamPlanWriter>();

/** Registers the writer of teams.plan_code (the teams module, at build). */
export function writeTeamPlanWith(ctx: Pick<AppContext, 'events'>, writer: TeamPlanWriter) {
  writers.set(ctx.events, writer);
}

export async function writeTeamPlan(
  ctx: Pick<AppContext, 'events'>,
  tx: Tx,
  teamId: string,
  planCode: string,
) {
  const writer = writers.get(ctx.events);
  // An upgrade that set nothing would be paid for and lost: refuse it (and roll its transaction back).
  if (!writer)
    throw new Error('No writer of teams.plan_code: the teams module registers it (writeTeamPlanWith)');
  await writer(tx, teamId, planCode);
}
