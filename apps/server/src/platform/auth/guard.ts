import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import type { Db } from '../../db/client.ts';
import { API, MSG } from '@rushes/shared';
import { forbidden, unauthorized } from '../http/errors.ts';
import { currentRequest } from '../http/requestContext.ts';
import { resolveAccessToken, tokenMayReach, type TokenTouched } from './accessTokens.ts';
import { apiTokenSession, assertTokenTeamFields, type TokenLimiter } from './apiTokenGuard.ts';
import {
  resolveSession,
  SESSION_COOKIE,
  type ResolvedSession,
  type SessionJoin,
  type SessionPolicy,
} from './sessions.ts';

/** Signed blob URLs carry their own proof; the OpenAPI document is public. */
const UNGUARDED = ['/api/blobs/', API.docs];

/** Who may reach a route: default is a full (logged-in) session; routes opt out explicitly. */
export type RouteAccess = 'user' | 'public' | 'pending_2fa';

/**
 * The check that guards a non-public route, declared next to it (docs/decisions/0003-http-and-route-access.md, "Access declared
 * per route"): `'<module>.<rule>'` names the rule of that module's policy the service applies
 * (`'projects.canViewProject'`, `'teams.canManageMembers'`…); `'self'` is a route that only reads or
 * changes the caller's own data (or a fixed list), so the session is the whole check.
 */
export type RoutePolicy = 'self' | `${string}.${string}`;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    policy?: RoutePolicy;
    /** Read with the session in one statement (sessions.ts `SessionJoin`); the route reads it with `joinedOf`. */
    sessionJoin?: SessionJoin<unknown>;
  }
  interface FastifyRequest {
    session: ResolvedSession | null;
  }
}

/** A guarded /api route as registered (hidden ones included), for the route-table access test. */
export interface GuardedRoute {
  method: string;
  url: string;
  access: RouteAccess;
  policy: RoutePolicy | undefined;
  /** Where that policy runs (platform/policies.ts): before the handler, or still in the service. */
  policyCheck: 'preHandler' | 'in-service' | undefined;
  schema: FastifySchema | undefined;
}

const routeTables = new WeakMap<FastifyInstance, GuardedRoute[]>();

/** Every route the guard sees (every /api route but the self-guarded ones of UNGUARDED), in order. */
export const guardedRoutes = (app: FastifyInstance): readonly GuardedRoute[] => routeTables.get(app) ?? [];

const isGuarded = (url: string) => url.startsWith('/api/') && !UNGUARDED.some((p) => url.startsWith(p));

/** The caller's user id on a route guarded by a full session. */
export function userIdOf(request: FastifyRequest): string {
  if (!request.session || request.session.kind !== 'full') throw unauthorized();
  return request.session.userId;
}

/**
 * What the route's `sessionJoin` read with the caller's full session. Only for the join the route
 * declared (so a route cannot read another's shape), and never without a live full session.
 */
export function joinedOf<T>(request: FastifyRequest, join: SessionJoin<T>): T {
  userIdOf(request);
  if (request.routeOptions.config?.sessionJoin !== join) throw new Error(`route does not join ${join.name}`);
  return request.session!.joined as T;
}

/**
 * Default-deny: every /api route needs a full session unless its config says `access: 'public'`
 * (login, sign-up…) or `'pending_2fa'` (the second login step). A missing or expired session
 * answers errorcode 401, which sends the web app to /logout.
 */
export function installAuthGuard(
  app: FastifyInstance,
  db: Db,
  policy: SessionPolicy,
  tokens: { touched?: TokenTouched; limit?: TokenLimiter } = {},
) {
  app.decorateRequest('session', null);
  const table: GuardedRoute[] = [];
  routeTables.set(app, table);
  app.addHook('onRoute', (route) => {
    if (!isGuarded(route.url)) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const { access = 'user', policy, policyCheck } = route.config ?? {};
      table.push({ method, url: route.url, access, policy, policyCheck, schema: route.schema });
    }
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!isGuarded(request.url)) return;
    // An unknown path answers 404 to everyone (the routes are public in the OpenAPI document anyway),
    // the same with or without the web app's catch-all route.
    if (request.is404) return;
    const access = request.routeOptions.config?.access ?? 'user';
    const join = request.routeOptions.config?.sessionJoin;
    request.session = await resolveSession(db, request.cookies[SESSION_COOKIE], policy, join);
    // A personal access token. The uploader's (no team): the upload protocol and project info only; one
    // scoped to a project (a cloud workstation's agent) also reaches versions and the agent's routes,
    // and only routes whose policy loads a project before the handler (serve() compares it with the
    // scope). An API token (with a team): every route a session reaches, by its scopes (apiTokenGuard.ts).
    if (!request.session && access === 'user' && request.headers.authorization) {
      const byToken = await resolveAccessToken(db, request.headers.authorization, tokens.touched);
      const scope = byToken?.projectScope ?? null;
      if (byToken?.teamId) {
        request.session = apiTokenSession(request, byToken);
      } else if (byToken && tokenMayReach(request.url, scope !== null)) {
        if (scope !== null && request.routeOptions.config?.policyCheck !== 'preHandler')
          throw forbidden(MSG.noProjectAccess);
        request.session = {
          idHash: `token:${byToken.tokenId}`,
          userId: byToken.userId,
          kind: 'full',
          tokenId: byToken.tokenId,
          ...(scope !== null && { projectScope: scope }),
        };
      }
      if (request.session && tokens.limit) await tokens.limit(request, reply);
    }
    const context = currentRequest();
    if (context && request.session) {
      context.userId = request.session.userId;
      if (request.session.tokenId) context.tokenId = request.session.tokenId;
    }
    if (access === 'public') return;
    if (access === 'pending_2fa') {
      if (request.session?.kind !== 'pending_2fa') throw unauthorized(MSG.twoFactorSessionExpired);
      return;
    }
    if (request.session?.kind !== 'full') throw unauthorized();
  });
  // the body is parsed by now: an API token names no team but its own, in the query or the body
  app.addHook('preValidation', async (request) => {
    if (request.session?.teamScope) assertTokenTeamFields(request, request.session.teamScope);
  });
}
