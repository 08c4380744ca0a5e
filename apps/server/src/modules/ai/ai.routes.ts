import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { ROUTES } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/http/envelope.ts';
import { accessOf } from '../../platform/policies.ts';
import { serve } from '../../platform/http/serve.ts';
import { createAiService } from './ai.service.ts';

/**
 * The AI assistant. Who may: any member of the project asks and keeps conversations of
 * their own there (ai.policy.ts); a team's members see its usage. The answer to a question is a
 * text/event-stream (events in packages/shared AiStreamEvents); refusals before it starts (not a
 * member, not set up, rate, budget, validation) answer the usual envelope with their status.
 */
export function aiRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const service = createAiService(ctx, fastify.log);

    serve(fastify, ROUTES.ai.status, async () => ok(service.status()));

    serve(fastify, ROUTES.ai.ask, async (req, reply) => {
      const prepared = await service.prepare(accessOf(req, 'ai.canAskAssistant'), req.body);
      const stream = new PassThrough();
      const closed = new AbortController();
      let answered = false;
      // The panel closed (or the tab went away) before the answer ended: stop the upstream call.
      // Watched on the response, not the request: a request "closes" once its body is read.
      reply.raw.on('close', () => {
        if (!answered) closed.abort();
      });
      // gone already while the question was being stored
      if (reply.raw.destroyed || req.raw.socket?.destroyed) closed.abort();
      void service
        .answer(prepared, closed.signal, (event, data) => {
          if (!stream.writableEnded) stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
        })
        .catch((err: unknown) => req.log.error({ err }, 'ai: answer failed'))
        .finally(() => {
          answered = true;
          stream.end();
        });
      return (
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-cache, no-transform')
          .header('x-accel-buffering', 'no')
          // a stream is sent as it is written (never serialised against a schema)
          .send(stream)
      );
    });

    serve(fastify, ROUTES.ai.conversations, async (req) =>
      ok(await service.conversations(userIdOf(req), req.query)),
    );
    serve(fastify, ROUTES.ai.removeConversation, async (req) =>
      ok(await service.remove(userIdOf(req), req.body.conversation_db_id)),
    );
    serve(fastify, ROUTES.ai.turns, async (req) => ok(await service.turns(req.query)));
    serve(fastify, ROUTES.ai.usage, async (req) => ok(await service.usage(req.query.team_db_id)));
  };
}
