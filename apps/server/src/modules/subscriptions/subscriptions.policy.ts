import type { DbOrTx } from '../../db/client.ts';
import { authorizeTeam, teamPolicy, type TeamAccess } from '../teams/index.ts';

/**
 * Who may see and buy a team's subscription: its admins (owners; spec 002 §2 admin teams show the
 * Subscription link), the personal account's owner for the account plan. Members and strangers are
 * refused (403).
 */
export const canManageSubscription = (a: TeamAccess) => a.isOwner;

export const authorizeSubscription = (db: DbOrTx, userId: string, teamId: string) =>
  authorizeTeam(db, userId, teamId, canManageSubscription);

export const subscriptionPolicy = () => teamPolicy(canManageSubscription, 'team_db_id');

declare module '../../platform/policies.ts' {
  interface PolicyAccess {
    'subscriptions.canManageSubscription': TeamAccess;
  }
}
