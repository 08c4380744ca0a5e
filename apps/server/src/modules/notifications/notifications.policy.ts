import { and, eq } from 'drizzle-orm';
import { MSG } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { teamMembers } from '../../db/schema/index.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { forbidden } from '../../platform/http/errors.ts';
import { stringField, type Policy } from '../../platform/policies.ts';

/**
 * A user reads and clears notifications only under a team they belong to (spec 002 §7 team_db_id).
 * A plain membership read rather than the teams module's policy: teams notifies through this module,
 * so importing teams back would close an import cycle between the two (docs/decisions/0010-module-architecture.md).
 */
export async function authorizeNotificationTeam(db: DbOrTx, userId: string, teamId: string) {
  const [member] = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .limit(1);
  if (!member) throw forbidden(MSG.noTeamAccess);
}

/** The notification routes' policy: a member of the team named by `team_db_id` (answers that id). */
export const notificationTeamPolicy = (): Policy<string> => ({
  reads: 'team_db_id',
  check: (ctx) => async (req) => {
    const teamId = stringField(req, 'team_db_id');
    await authorizeNotificationTeam(ctx.db, userIdOf(req), teamId);
    return teamId;
  },
});

declare module '../../platform/policies.ts' {
  interface PolicyAccess {
    'notifications.authorizeNotificationTeam': string;
  }
}
