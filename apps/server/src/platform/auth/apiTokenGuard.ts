import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_TOKEN_TEXT, requiredScope } from '@rushes/shared';
import { forbidden, tooManyRequests } from '../http/errors.ts';
import type { ResolvedToken } from './accessTokens.ts';
import type { ResolvedSession } from './sessions.ts';

/**
 * The public API's tokens (a personal access token with a team and scopes). The guard turns one into
 * a session of its user, so every policy applies to the call as to that user; on top of that the
 * route must be one a token may reach with one of its scopes (packages/shared rules/apiTokens.ts:
 * GET read, writes write, the upload protocol upload, team-admin rules admin, the account's own
 * sign-in never), and the call acts only in the token's team.
 */
export function apiTokenSession(request: FastifyRequest, token: ResolvedToken): ResolvedSession {
  const config = request.routeOptions.config;
  const need = requiredScope({
    method: request.method,
    path: request.routeOptions.url ?? request.url,
    ...(config?.policy && { policy: config.policy }),
  });
  if (need === 'session') throw forbidden(API_TOKEN_TEXT.sessionOnly);
  if (need !== 'none' && !token.scopes.includes(need)) throw forbidden(API_TOKEN_TEXT.needsScope(need));
  return {
    idHash: `token:${token.tokenId}`,
    userId: token.userId,
    kind: 'full',
    tokenId: token.tokenId,
    teamScope: token.teamId!,
  };
}

/** The team fields a request may carry (query or body). */
const TEAM_FIELDS = ['team_db_id', 'team_id'];

/** An API token's call names no other team (else 403, before validation or any handler runs). */
export function assertTokenTeamFields(request: FastifyRequest, team: string) {
  for (const source of [request.query, request.body]) {
    if (!source || typeof source !== 'object') continue;
    for (const field of TEAM_FIELDS) {
      const value = (source as Record<string, unknown>)[field];
      if (value !== undefined && value !== null && value !== '' && value !== team)
        throw forbidden(API_TOKEN_TEXT.otherTeam);
    }
  }
}

/**
 * After the route's policy loaded its rows: a project or team of another team is refused too (a
 * project id names its team without saying so).
 */
export function assertTokenTeam(request: FastifyRequest, access: unknown) {
  const team = request.session?.teamScope;
  if (!team || !access || typeof access !== 'object') return;
  const loaded = access as { project?: { teamId?: unknown }; team?: { id?: unknown } };
  const teams = [loaded.project?.teamId, loaded.team?.id].filter((t) => typeof t === 'string');
  if (teams.some((t) => t !== team)) throw forbidden(API_TOKEN_TEXT.otherTeam);
}

export type TokenLimiter = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * Calls per minute per token (API_TOKEN_RATE_LIMIT), counted by @fastify/rate-limit's store: shared
 * through Redis between nodes when REDIS_URL is set, else per node. Keyed by the token's id, so a
 * token's calls from many addresses share one budget, and one user's tokens do not share theirs.
 */
export function tokenLimiter(app: FastifyInstance, perMinute: number): TokenLimiter {
  const check = app.createRateLimit({
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (req) => `token:${req.session?.tokenId ?? ''}`,
  });
  return async (request, reply) => {
    const result = await check(request);
    if (result.isAllowed) return;
    reply.header('x-ratelimit-limit', result.max);
    reply.header('x-ratelimit-remaining', result.remaining);
    if (result.isExceeded) {
      reply.header('retry-after', result.ttlInSeconds);
      throw tooManyRequests(API_TOKEN_TEXT.tooManyCalls);
    }
  };
}
