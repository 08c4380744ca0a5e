import type { DbOrTx } from '../../db/client.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { stringField, type Policy } from '../../platform/policies.ts';
import { authorizeProject, canViewProject, projectPolicy, type ProjectAccess } from '../projects/index.ts';
import { authorizeTeam, canView, teamPolicy, type TeamAccess } from '../teams/index.ts';
import { ownConversation } from './ai.store.ts';

/**
 * Who may use the assistant. Asking is open to every member of the project (the answers
 * only hold what the member can read anyway: the tools run as them). A conversation is its owner's
 * alone, and only while they still belong to its project. A team's usage is seen by its members.
 */

/** Project rule: any member may ask in the project. */
export const canAskAssistant = (access: ProjectAccess) => canViewProject(access);

export async function authorizeAsk(db: DbOrTx, userId: string, projectId: string) {
  return authorizeProject(db, userId, projectId, canAskAssistant);
}

/** The caller's own conversation, in a project they can still read; else 404/403. */
export async function canReadConversation(db: DbOrTx, userId: string, conversationId: string) {
  const conversation = await ownConversation(db, userId, conversationId);
  await authorizeAsk(db, userId, conversation.projectId);
  return conversation;
}

/** Team rule: members see their team's AI usage. */
export async function canSeeTeamUsage(db: DbOrTx, userId: string, teamId: string) {
  return authorizeTeam(db, userId, teamId, canView);
}

type Conversation = Awaited<ReturnType<typeof ownConversation>>;

/** The routes' policies, run once before the handler (platform/policies.ts). */
export const aiPolicies = {
  'ai.canAskAssistant': projectPolicy(canAskAssistant),
  'ai.canReadConversation': {
    reads: 'conversation_db_id',
    check: (ctx) => (req) =>
      canReadConversation(ctx.db, userIdOf(req), stringField(req, 'conversation_db_id')),
  } satisfies Policy<Conversation>,
  'ai.canSeeTeamUsage': teamPolicy(canView, 'team_db_id'),
};

declare module '../../platform/policies.ts' {
  interface PolicyAccess {
    'ai.canAskAssistant': ProjectAccess;
    'ai.canReadConversation': Conversation;
    'ai.canSeeTeamUsage': TeamAccess;
  }
}
