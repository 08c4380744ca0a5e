import { z } from 'zod';
import {
  AI_API,
  aiAskBody,
  aiConversationBody,
  aiConversationPage,
  aiConversationsQuery,
  aiStatus,
  aiTurnPage,
  aiTurnsQuery,
  aiUsage,
  aiUsageQuery,
} from '../schemas/ai.ts';
import { defineRoutes } from './define.ts';

/** The AI assistant: any member of the project asks; a team's members see its usage. */
export const aiRoutes = defineRoutes('ai', {
  status: { method: 'GET', path: AI_API.status, response: aiStatus, policy: 'self' },
  /** The answer is a text/event-stream (start, delta…, done | error), not the JSON envelope. */
  ask: {
    method: 'POST',
    path: AI_API.ask,
    body: aiAskBody,
    response: z.never(),
    policy: 'ai.canAskAssistant',
    raw: true,
  },
  conversations: {
    method: 'GET',
    path: AI_API.conversations,
    query: aiConversationsQuery,
    response: aiConversationPage,
    policy: 'ai.canAskAssistant',
  },
  removeConversation: {
    method: 'DELETE',
    path: AI_API.conversations,
    body: aiConversationBody,
    response: z.object({ message: z.string() }),
    policy: 'ai.canReadConversation',
  },
  turns: {
    method: 'GET',
    path: AI_API.turns,
    query: aiTurnsQuery,
    response: aiTurnPage,
    policy: 'ai.canReadConversation',
  },
  usage: {
    method: 'GET',
    path: AI_API.usage,
    query: aiUsageQuery,
    response: aiUsage,
    policy: 'ai.canSeeTeamUsage',
  },
});
