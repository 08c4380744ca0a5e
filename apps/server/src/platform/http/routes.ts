import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';

/** The app with zod route schemas, as every module registers its routes. */
export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

export const requestMeta = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

/** Route rate limits per client address (and Redis-backed across nodes when REDIS_URL is set). */
export const limit = (config: Config, max: number, minutes = 1) =>
  config.RATE_LIMIT ? { max, timeWindow: minutes * 60_000 } : false;

export function setSessionCookie(
  reply: FastifyReply,
  config: Config,
  session: { id: string; expiresAt: Date },
) {
  reply.setCookie(SESSION_COOKIE, session.id, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https://'),
    path: '/',
    expires: session.expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
