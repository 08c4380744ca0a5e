import type { DbOrTx } from '../../db/client.ts';
import { authorizeTeam } from '../teams/index.ts';

/**
 * Who may see a team's credits (issue 15): its admins (owners, and holders of added_as_team_owner),
 * personal accounts included. Non-members get 403 'You are not a member of this team', members who
 * are not admins the generic refusal. Spending is done by other modules' services, which authorize
 * their own action (an upgrade, a workstation) before they spend.
 */
export const authorizeCreditsAdmin = (db: DbOrTx, userId: string, teamId: string) =>
  authorizeTeam(db, userId, teamId, (a) => a.isOwner);
