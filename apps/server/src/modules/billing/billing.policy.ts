import type { DbOrTx } from '../../db/client.ts';
import { authorizeTeam, canView } from '../teams/index.ts';

/**
 * Who may read a team's billing details (its team id is optional in the query, so the service
 * checks it). Create and update are teams.canManageBilling, the routes' policy, checked before the
 * handler. A non-member (or an unknown team) gets 403 'You are not a member of this team'.
 */

/** Read: any member of the team. */
export const authorizeBillingRead = (db: DbOrTx, userId: string, teamId: string) =>
  authorizeTeam(db, userId, teamId, canView);
