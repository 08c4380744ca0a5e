import type { DbOrTx } from '../../db/client.ts';
import { authorizeProject, canViewProject, type ProjectAccess } from '../projects/index.ts';
import { authorizeTeam, canView } from '../teams/index.ts';
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
