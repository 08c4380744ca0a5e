import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Hashed build files (`/assets/<name>-<hash>.js`): their name changes with their content. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and other unhashed files: always revalidated, so a deploy shows at once. */
export const REVALIDATE = 'no-cache';

function cacheHeaders(reply: FastifyReply, file: string) {
  const rel = file.split(path.sep).join('/');
  reply.header('cache-control', /\/assets\/[^/]+$/.test(rel) ? IMMUTABLE : REVALIDATE);
}

/**
 * Serves the built web app with SPA fallback: unknown GETs outside /api and /assets get index.html.
 * The build writes `.br` and `.gz` beside each file (apps/web/precompress.ts); `preCompressed`
 * answers the best one the browser accepts with its Content-Encoding and `Vary: Accept-Encoding`.
 * A missing hashed asset (an old tab after a deploy) is a 404, not index.html as JavaScript.
 */
export function serveWebApp(app: FastifyInstance, webDist: string): void {
  if (!existsSync(path.join(webDist, 'index.html'))) return;
  void app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    serve: true,
    preCompressed: true,
    cacheControl: false,
    setHeaders: cacheHeaders,
  });
  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, (req, reply) => {
    if (req.url.startsWith('/api/') || req.url.startsWith('/assets/')) return reply.callNotFound();
    return reply.sendFile('index.html');
  });
}
