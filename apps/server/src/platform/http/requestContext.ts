import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/**
 * Who is asking, for code that runs deep inside a request without the request in hand (the audit
 * log's "who, from where"). Set for every request before any other hook; the auth guard adds the
 * user (and the access token, when the call came with one) once it resolved them.
 */
export interface RequestContext {
  ip: string | null;
  userAgent: string | null;
  userId?: string;
  /** The personal access token of the call, when it came with one. */
  tokenId?: string;
}

const store = new AsyncLocalStorage<RequestContext>();

/** The current request's context, or undefined outside a request (jobs, start-up). */
export const currentRequest = (): RequestContext | undefined => store.getStore();

/** Runs `work` as if inside a request with this context (jobs acting for a person, tests). */
export const withRequestContext = <T>(context: RequestContext, work: () => T): T => store.run(context, work);

/** Opens the context of each request; the later hooks and the handler run inside it. */
export function installRequestContext(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    const userAgent = request.headers['user-agent'];
    store.run({ ip: request.ip ?? null, userAgent: userAgent ? userAgent.slice(0, 300) : null }, done);
  });
}
