import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Envelope, RouteBody, RouteDef, RouteQuery, RouteReturn } from '@rushes/shared';
import { assertTokenTeam } from '../auth/apiTokenGuard.ts';
import { assertProjectScope, policyCheckOf } from '../policies.ts';
import { replies } from './envelope.ts';
import { typed } from './routes.ts';

/** The request a route's handler gets: query and body typed from its route-map entry. */
export type RouteRequest<R extends RouteDef> = FastifyRequest<{
  Querystring: RouteQuery<R>;
  Body: RouteBody<R>;
}>;

/** A handler answers the entry's success envelope (or, for a raw route, sends the reply itself). */
export type RouteHandler<R extends RouteDef> = (
  req: RouteRequest<R>,
  reply: FastifyReply,
) => Promise<Envelope<RouteReturn<R>> | FastifyReply>;

/** Route options that are not the contract's: rate limits and the like. */
export type ServeOptions = Omit<FastifyContextConfig, 'policy' | 'access' | 'policyCheck'>;

/**
 * Registers one route of the typed contract (packages/shared/src/routes): method, url, the zod
 * validation of its query or body and of its answer, its OpenAPI tag, and `config.policy` /
 * `config.access` all come from the route-map entry; the handler's request and answer are typed
 * from it. `options` adds what the contract does not say (rate limits).
 *
 * The entry's `policy` is resolved here, once: a preHandler (after the auth guard set the session and
 * the schema validated the request) runs the check its module registered (platform/policies.ts),
 * refuses before the handler runs, and keeps what it loaded for `accessOf(req, policy)`. A policy no
 * module registers throws now, so `buildApp` fails naming the route.
 */
export function serve<R extends RouteDef>(
  app: FastifyInstance,
  def: R,
  handler: RouteHandler<R>,
  options: ServeOptions = {},
): void {
  const access = def.public ? 'public' : def.pending2fa ? 'pending_2fa' : undefined;
  const check = policyCheckOf(app, def);
  typed(app).route({
    method: def.method,
    url: def.path,
    schema: {
      tags: [def.tag],
      ...(def.hide ? { hide: true } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body ? { body: def.body } : {}),
      ...(def.raw ? {} : { response: replies(def.response) }),
    },
    config: {
      ...options,
      ...(def.policy ? { policy: def.policy } : {}),
      ...(access ? { access } : {}),
      ...(check ? { policyCheck: check === 'in-service' ? 'in-service' : 'preHandler' } : {}),
    },
    ...(check && check !== 'in-service'
      ? {
          preHandler: async (req: FastifyRequest) => {
            req.policyAccess = await check(req);
            assertProjectScope(req, req.policyAccess);
            assertTokenTeam(req, req.policyAccess);
          },
        }
      : {}),
    handler: handler as never,
  });
}
