import type { DbOrTx } from '../../db/client.ts';
import { authorizeTeam, teamPolicy, type TeamAccess } from '../teams/index.ts';

/** Statistics are for admin teams (spec 002 §2: the switcher's Statistics link): owners only. */
export const canViewStatistics = (a: TeamAccess) => a.isOwner;

export const authorizeStatistics = (db: DbOrTx, userId: string, teamId: string) =>
  authorizeTeam(db, userId, teamId, canViewStatistics);

export const statisticsPolicy = () => teamPolicy(canViewStatistics, 'team_db_id');

declare module '../../platform/policies.ts' {
  interface PolicyAccess {
    'statistics.canViewStatistics': TeamAccess;
  }
}
