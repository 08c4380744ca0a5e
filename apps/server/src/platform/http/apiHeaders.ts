import type { FastifyInstance } from 'fastify';
import { MSG } from '@rushes/shared';
import { failure } from './envelope.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Signed blob URLs are called by the browser (or S3 clients) without our headers; their signature
 * guards them. Payment webhooks come from the provider, proven by their HMAC.
 */
const EXEMPT_PREFIXES = ['/api/blobs/', '/api/payments/webhook'];

/**
 * API-Type and API-Version are required on every state-changing call (spec 002 §7). A cross-site form
 * cannot set custom headers without a CORS preflight we never grant, so this is also the CSRF guard.
 */
export function requireApiHeaders(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (!STATE_CHANGING.has(request.method)) return;
    if (!request.url.startsWith('/api/')) return;
    if (EXEMPT_PREFIXES.some((p) => request.url.startsWith(p))) return;
    if (!request.headers['api-type'] || !request.headers['api-version']) {
      return reply.status(400).send(failure(MSG.missingApiHeaders, null, 400));
    }
  });
}
