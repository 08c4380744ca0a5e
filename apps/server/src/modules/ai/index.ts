import { defineModule } from '../../platform/modules.ts';
import { aiPolicies } from './ai.policy.ts';
import { aiRoutes } from './ai.routes.ts';

/**
 * The AI assistant: a server-side proxy to an OpenAI-compatible API that answers from what
 * the asking user can read in the project (tools over the tasks, assets, brief, chat and transcripts),
 * conversations per user and project, a team's monthly token budget and a per-user rate.
 */
export const aiModule = defineModule({
  name: 'ai',
  policies: aiPolicies,
  routes: [aiRoutes],
});
