import type { AppContext } from '../../platform/context.ts';
import { findPlan } from '../plans/index.ts';
import { findTeam, listTeamsForUser, teamMemberIds } from '../teams/index.ts';
import './subscriptions.events.ts';

/**
 * Subscription → realtime: every member refetches the subscription and their user (the waiting
 * notice); the buyer of a team plan gets subscription_detail, which opens the 'Manage Team' welcome
 * modal (spec 002 §4).
 */
export function registerSubscriptionMappers(ctx: AppContext) {
  ctx.events.on('subscription.changed', async ({ teamId, userId, purpose, applied }) => {
    for (const memberId of await teamMemberIds(ctx.db, teamId)) {
      ctx.realtime.toUser(memberId, 'subscription_changed', { team_db_id: teamId });
      ctx.realtime.toUser(memberId, 'user_updated', { user_id: memberId });
    }
    if (!applied || purpose !== 'plan_upgrade' || !userId) return;
    const team = await findTeam(ctx.db, teamId);
    if (!team) return;
    const plan = await findPlan(ctx.db, team.planCode);
    const summary = (await listTeamsForUser(ctx.db, userId)).find((t) => t.team_db_id === teamId);
    if (!plan.isTeamPlan || !summary) return;
    ctx.realtime.toUser(userId, 'subscription_detail', {
      team_detail: { is_team_plan: true, team: summary },
    });
  });
}
