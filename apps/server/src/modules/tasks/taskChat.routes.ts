import type { FastifyInstance } from 'fastify';
import {
  API,
  sendTaskChatBody,
  sentTaskChat,
  taskChatCounters,
  taskChatHistory,
  taskChatQuery,
  taskQuery,
} from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { ok, replies } from '../../platform/http/envelope.ts';
import { limit, typed } from '../../platform/http/routes.ts';
import { createTaskChatService } from './taskChat.service.ts';

const tags = ['task chat'];

/** Task chat (spec 000 §7 Task messages). Who may: whoever may read the task; sending not once it is completed. */
export function taskChatRoutes(ctx: AppContext) {
  const service = createTaskChatService(ctx);
  return async (fastify: FastifyInstance) => {
    const app = typed(fastify);
    const t = API.tasks;
    app.get(
      t.chat,
      {
        schema: { tags, querystring: taskChatQuery, response: replies(taskChatHistory) },
        config: { policy: 'tasks.canReadTask' },
      },
      async (req) => ok(await service.history(userIdOf(req), req.query)),
    );
    app.post(
      t.chat,
      {
        schema: { tags, body: sendTaskChatBody, response: replies(sentTaskChat) },
        config: { policy: 'tasks.canReadTask', rateLimit: limit(ctx.config, 600) },
      },
      async (req) => ok(await service.send(userIdOf(req), req.body)),
    );
    app.put(
      t.chatSeen,
      {
        schema: { tags, body: taskQuery, response: replies(taskChatCounters) },
        config: { policy: 'tasks.canReadTask' },
      },
      async (req) => ok(await service.seen(userIdOf(req), req.body.task_db_id)),
    );
  };
}
