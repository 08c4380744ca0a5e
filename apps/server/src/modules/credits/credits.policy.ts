import type { DbOrTx } from '../../db/client.ts';
import { authorizeTeam, teamPolicy, type TeamAccess } from '../teams/index.ts';

/**
 * Who may see a team's credits: its admins (owners, and holders of added_as_team_owner),
 * personal accounts included. Non-members get 403 'You are not a member of this team', members who
 * are not admins the generic refusal. Spending is done by other modules' services, which authorize
 * their own action (an upgrade, a workstation) before they spend.
 */
export const authorizeCreditsAdmin = (db: DbOrTx, userId: string, teamId: string) =>
  authorizeTeam(db, userId, teamId, (a) => a.isOwner);

/** The credits routes' policy (and the payments list and purchase): the team's admins, by `team_db_id`. */
export const creditsAdminPolicy = () => teamPolicy((a) => a.isOwner, 'team_db_id');

declare module '../../platform/policies.ts' {
  interface PolicyAccess {
    'credits.authorizeCreditsAdmin': TeamAccess;
  }
}
