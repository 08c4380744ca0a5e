import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { API, MSG } from '@rushes/shared';
import { unauthorized } from '../http/errors.ts';
import { resolveSession, SESSION_COOKIE, type ResolvedSession, type SessionPolicy } from './sessions.ts';

/** Signed blob URLs carry their own proof; the OpenAPI document is public. */
const UNGUARDED = ['/api/blobs/', API.docs];

/** Who may reach a route: default is a full (logged-in) session; routes opt out explicitly. */
export type RouteAccess = 'user' | 'public' | 'pending_2fa';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    session: ResolvedSession | null;
  }
}

/** The caller's user id on a route guarded by a full session. */
export function userIdOf(request: FastifyRequest): string {
  if (!request.session || request.session.kind !== 'full') throw unauthorized();
  return request.session.userId;
}

/**
 * Default-deny: every /api route needs a full session unless its config says `access: 'public'`
 * (login, sign-up…) or `'pending_2fa'` (the second login step). A missing or expired session
 * answers errorcode 401, which sends the web app to /logout.
 */
export function installAuthGuard(app: FastifyInstance, db: Db, policy: SessionPolicy) {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || UNGUARDED.some((p) => request.url.startsWith(p))) return;
    // An unknown path answers 404 to everyone (the routes are public in the OpenAPI document anyway),
    // the same with or without the web app's catch-all route.
    if (request.is404) return;
    const access = request.routeOptions.config?.access ?? 'user';
    request.session = await resolveSession(db, request.cookies[SESSION_COOKIE], policy);
    if (access === 'public') return;
    if (access === 'pending_2fa') {
      if (request.session?.kind !== 'pending_2fa') throw unauthorized(MSG.twoFactorSessionExpired);
      return;
    }
    if (request.session?.kind !== 'full') throw unauthorized();
  });
}
