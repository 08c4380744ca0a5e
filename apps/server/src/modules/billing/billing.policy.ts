import type { DbOrTx } from '../../db/client.ts';
import { authorizeTeam, canManageBilling, canView } from '../teams/index.ts';

/**
 * Who may do what with a team's billing details, one function per action. Both throw 403: a
 * non-member (or an unknown team) gets 'You are not a member of this team', a member the rule
 * refuses gets the generic refusal.
 */

/** Read: any member of the team. */
export const authorizeBillingRead = (db: DbOrTx, userId: string, teamId: string) =>
  authorizeTeam(db, userId, teamId, canView);

/** Create / update: an owner (team admin) or a member holding can_manage_billing. */
export const authorizeBillingWrite = (db: DbOrTx, userId: string, teamId: string) =>
  authorizeTeam(db, userId, teamId, canManageBilling);
