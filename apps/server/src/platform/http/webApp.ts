import { existsSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import { bootScript } from './bootData.ts';
import { loadRoutePages } from './routePages.ts';

/** Hashed build files (`/assets/<name>-<hash>.js`): their name changes with their content. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and other unhashed files: always revalidated, so a deploy shows at once. */
export const REVALIDATE = 'no-cache';
/** index.html carrying one user's data: kept by no cache at all. */
export const PERSONAL = 'private, no-store';

export interface WebAppOptions {
  /**
   * The logged-in user as check-login answers it, for the session cookie's value; null when the
   * session is not a live full one. A logged-in page's index.html carries it (bootData.ts).
   */
  currentUser?: (sessionCookie: string) => Promise<unknown>;
  /**
   * Home's trays as their routes answer them, for the user currentUser answered; home's
   * index.html carries them beside the user (bootData.ts).
   */
  homeTrays?: (user: unknown) => Promise<unknown>;
}

function cacheHeaders(reply: FastifyReply, file: string) {
  const rel = file.split(path.sep).join('/');
  reply.header('cache-control', /\/assets\/[^/]+$/.test(rel) ? IMMUTABLE : REVALIDATE);
}

/**
 * Serves the built web app with SPA fallback: unknown GETs outside /api and /assets get index.html.
 * The build writes `.br` and `.gz` beside each file (apps/web/precompress.ts); `preCompressed`
 * answers the best one the browser accepts with its Content-Encoding and `Vary: Accept-Encoding`.
 * A missing hashed asset (an old tab after a deploy) is a 404, not index.html as JavaScript.
 * A route the build listed in route-preloads.json gets index.html with its page's chunks preloaded
 * (routePages.ts); a logged-in route gets them only when the browser sends a session cookie, and
 * with a live session also the user check-login would answer, so the page need not ask (bootData.ts).
 */
export function serveWebApp(app: FastifyInstance, webDist: string, options: WebAppOptions = {}): void {
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
  const routePages = loadRoutePages(webDist);
  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (req, reply) => {
    if (req.url.startsWith('/api/') || req.url.startsWith('/assets/')) return reply.callNotFound();
    const urlPath = req.url.split('?')[0];
    const page = routePages.find((p) => p.pattern.test(urlPath));
    // the answer depends on the session cookie: a shared cache must not give one browser's to another
    if (page?.session) reply.header('vary', 'Cookie');
    const cookie = req.cookies[SESSION_COOKIE];
    if (!page || (page.session && !cookie)) return reply.sendFile('index.html');
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
    reply
      .header('vary', page.session ? 'Accept-Encoding, Cookie' : 'Accept-Encoding')
      .header('cache-control', REVALIDATE)
      .type('text/html; charset=utf-8');
    if (encoding) reply.header('content-encoding', encoding);
    // the user is a head start, not a condition: a failed read serves the page without it (the app asks)
    const user =
      page.session && cookie && options.currentUser
        ? await options.currentUser(cookie).catch((err: unknown) => {
            req.log.warn({ err }, 'index.html served without its user');
            return null;
          })
        : null;
    if (!user) return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.html);
    // home's trays too, on the same terms: a failed read serves the page without them (home asks)
    const trays =
      urlPath === '/' && options.homeTrays
        ? await options.homeTrays(user).catch((err: unknown) => {
            req.log.warn({ err }, 'home served without its trays');
            return undefined;
          })
        : undefined;
    const boot = bootScript(trays === undefined ? { user } : { user, trays });
    const html = Buffer.from(page.html.toString().replace('</head>', `  ${boot}\n  </head>`));
    reply.header('cache-control', PERSONAL);
    // a fast setting: this page is compressed per request, and is small
    if (encoding === 'br')
      return reply.send(brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }));
    return reply.send(encoding === 'gzip' ? gzipSync(html, { level: 6 }) : html);
  });
}
