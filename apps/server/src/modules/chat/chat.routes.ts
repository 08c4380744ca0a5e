import type { FastifyInstance } from 'fastify';
import {
  API,
  chatCounters,
  chatHistory,
  chatHistoryQuery,
  chatProjectBody,
  projectQuery,
  sendChatBody,
  sentChat,
} from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { ok, replies } from '../../platform/http/envelope.ts';
import { limit, typed } from '../../platform/http/routes.ts';
import { createChatService } from './chat.service.ts';

const tags = ['chat'];

/** Project chat (spec 000 §7). Who may: project members (403 for others, 401 without a session). */
export function chatRoutes(ctx: AppContext) {
  const service = createChatService(ctx);
  return async (fastify: FastifyInstance) => {
    const app = typed(fastify);
    const c = API.chat;
    app.get(
      c.root,
      {
        schema: { tags, querystring: chatHistoryQuery, response: replies(chatHistory) },
        config: { policy: 'projects.canViewProject' },
      },
      async (req) => ok(await service.history(userIdOf(req), req.query)),
    );
    app.post(
      c.root,
      {
        schema: { tags, body: sendChatBody, response: replies(sentChat) },
        config: { policy: 'projects.canViewProject', rateLimit: limit(ctx.config, 600) },
      },
      async (req) => ok(await service.send(userIdOf(req), req.body)),
    );
    app.put(
      c.seen,
      {
        schema: { tags, body: chatProjectBody, response: replies(chatCounters) },
        config: { policy: 'projects.canViewProject' },
      },
      async (req) => ok(await service.seen(userIdOf(req), req.body.project_db_id)),
    );
    app.get(
      c.counters,
      {
        schema: { tags, querystring: projectQuery, response: replies(chatCounters) },
        config: { policy: 'projects.canViewProject' },
      },
      async (req) => ok(await service.counters(userIdOf(req), req.query.project_db_id)),
    );
  };
}
