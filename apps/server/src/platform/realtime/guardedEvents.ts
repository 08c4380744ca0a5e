import type { z } from 'zod';
import { CLIENT_EVENT_SCHEMAS, type ClientEventName, type SocketAck } from '@rushes/shared';

/** What a guarded handler gets: the validated payload and an ack that is always safe to call. */
export type GuardedHandler<E extends ClientEventName> = (
  payload: z.infer<(typeof CLIENT_EVENT_SCHEMAS)[E]>,
  reply: (result: SocketAck) => void,
) => void | Promise<void>;

/** The part of a server socket this needs (any client-sent arguments, untyped on purpose). */
interface Listener {
  on(event: string, listener: (...args: unknown[]) => void): unknown;
}

export const INVALID_PAYLOAD: SocketAck = { ok: false, error: 'invalid' };
export const HANDLER_FAILED: SocketAck = { ok: false, error: 'error' };

/**
 * Registers a client event whose payload is validated with its zod schema from packages/shared and
 * whose errors stay on this socket (DESIGN §5): a missing or non-function ack, extra arguments, a
 * payload zod refuses, a handler that throws or rejects, or an ack that throws never reach the
 * process. When an ack was given it is always called once: `{ ok: false, error: 'invalid' }` for a
 * refused payload, `'error'` for a failed handler, else the handler's answer or `{ ok: true }`.
 */
export function onClientEvent<E extends ClientEventName>(
  socket: Listener,
  event: E,
  handler: GuardedHandler<E>,
  warn: (obj: object, msg: string) => void,
) {
  const schema = CLIENT_EVENT_SCHEMAS[event];
  socket.on(event, (...args: unknown[]) => {
    // Socket.IO hands an ack over as a function, and only ever as the last argument.
    const last = args[args.length - 1];
    const ack = typeof last === 'function' ? (last as (r: SocketAck) => void) : undefined;
    const payload = ack && args.length === 1 ? undefined : args[0];
    let answered = false;
    const reply = (result: SocketAck) => {
      if (answered || !ack) return;
      answered = true;
      try {
        ack(result);
      } catch (err) {
        warn({ err, event }, 'socket ack failed');
      }
    };
    const fail = (err: unknown) => {
      warn({ err, event }, 'socket handler failed');
      reply(HANDLER_FAILED);
    };
    try {
      const parsed = schema.safeParse(payload);
      if (!parsed.success) return reply(INVALID_PAYLOAD);
      // A handler that answers nothing still acknowledges, so a client waiting on an ack never hangs.
      const done = () => reply({ ok: true });
      const result = handler(parsed.data as Parameters<GuardedHandler<E>>[0], reply);
      if (result instanceof Promise) result.then(done, fail);
      else done();
    } catch (err) {
      fail(err);
    }
  });
}
