import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Policy } from '../../platform/policies.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { forbidden } from '../../platform/http/errors.ts';
import { stringField } from '../../platform/policies.ts';
import { MSG } from '@rushes/shared';

/**
 * Whether the caller may read the team's log; resolves with nothing when they may, throws the teams
 * module's refusal otherwise. The teams manifest registers it (the team's admins: the owner and holders
 * of added_as_team_owner; a personal account's owner too), so audit, which teams records entries
 * through, never imports teams (no module cycle).
 */
export type TeamLogGate = (db: DbOrTx, userId: string, teamId: string) => Promise<void>;

/** Per app (keyed by its event bus): tests build many apps in one process. */
const gates = new WeakMap<object, TeamLogGate>();

/** Registers the check (from the teams manifest's `listeners`, at build). */
export function gateTeamLogWith(ctx: AppContext, gate: TeamLogGate) {
  gates.set(ctx.events, gate);
}

/** The rule of the log's routes (the team's admins): the registered gate; without one (an app without teams) nobody passes. */
export const canReadTeamLog = (): Policy<null> => ({
  reads: 'team_db_id',
  check: (ctx) => async (req) => {
    const gate = gates.get(ctx.events);
    if (!gate) throw forbidden(MSG.noTeamAccess);
    await gate(ctx.db, userIdOf(req), stringField(req, 'team_db_id'));
    return null;
  },
});

declare module '../../platform/policies.ts' {
  interface PolicyAccess {
    'audit.canReadTeamLog': null;
  }
}
