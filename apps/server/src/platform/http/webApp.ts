import { existsSync } from 'node:fs';
import path from 'node:path';
import { PassThrough, type Transform } from 'node:stream';
import { constants as zlib, createBrotliCompress, createGzip } from 'node:zlib';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { SELECTED_TEAM_COOKIE } from '@rushes/shared';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import { bootScript } from './bootData.ts';
import { preferredEncoding, serveHashedAssets } from './hashedAssets.ts';
import { loadRoutePages, type RoutePage } from './routePages.ts';

/** index.html and other unhashed files: always revalidated, so a deploy shows at once. */
export const REVALIDATE = 'no-cache';
/** index.html carrying one user's data: kept by no cache at all. */
export const PERSONAL = 'private, no-store';

/** The user as check-login answers it: its id and teams are read here (home's trays). */
export interface BootUser {
  user_id: string;
  teams: { team_db_id: string; is_personal: boolean }[];
  last_team_db_id: string | null;
}

export interface WebAppOptions {
  /**
   * The logged-in user as check-login answers it, for the session cookie's value; null when the
   * session is not a live full one. A logged-in page's index.html carries it (bootData.ts).
   */
  currentUser?: (sessionCookie: string) => Promise<BootUser | null>;
  /** The shell's settings as GET shell/config answers them; a logged-in page carries them too. */
  shellConfig?: () => unknown;
  /**
   * Home's trays as their routes answer them, for the user currentUser answered and the team the
   * browser selected (its SELECTED_TEAM_COOKIE); home's index.html carries them beside the user (bootData.ts).
   */
  homeTrays?: (user: BootUser, selectedTeamId: string | null) => Promise<unknown>;
}

function cacheHeaders(reply: FastifyReply) {
  reply.header('cache-control', REVALIDATE);
}

/**
 * Serves the built web app with SPA fallback: unknown GETs outside /api and /assets get index.html.
 * The hashed files under /assets are hashedAssets.ts's. The build writes `.br` and `.gz` beside each
 * file (apps/web/precompress.ts); `preCompressed` answers the best one the browser accepts with its
 * Content-Encoding and `Vary: Accept-Encoding`.
 * A route the build listed in route-preloads.json gets index.html with its page's chunks preloaded
 * (routePages.ts); a logged-in route gets them only when the browser sends a session cookie, and
 * with a live session also the user check-login would answer, so the page need not ask (bootData.ts).
 */
export function serveWebApp(app: FastifyInstance, webDist: string, options: WebAppOptions = {}): void {
  if (!existsSync(path.join(webDist, 'index.html'))) return;
  serveHashedAssets(app, path.join(webDist, 'assets'));
  void app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    // the hashed files are hashedAssets.ts's
    globIgnore: ['assets/**'],
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
    const encoding = preferredEncoding(req.headers['accept-encoding']);
    reply
      .header('vary', page.session ? 'Accept-Encoding, Cookie' : 'Accept-Encoding')
      .header('cache-control', REVALIDATE)
      .type('text/html; charset=utf-8');
    if (encoding) reply.header('content-encoding', encoding);
    if (!page.session || !cookie || !options.currentUser)
      return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.html);
    // A logged-in page may carry one user's data: no cache keeps it. Its first part (the code to
    // fetch) goes at once and the boot element follows when read, so the browser downloads the code
    // while the server reads the user and trays instead of after.
    reply.header('cache-control', PERSONAL);
    const out = htmlStream(encoding);
    out.on('error', (err) => req.log.debug({ err }, 'index.html stream ended early'));
    void reply.send(out);
    out.write(page.beforeBoot);
    // PGlite reads block the event loop while they run: the first part goes to the socket first
    await new Promise<void>((sent) => out.flush(() => setImmediate(sent)));
    const selectedTeam = req.cookies[SELECTED_TEAM_COOKIE] ?? null;
    void finishPage(out, page, { urlPath, cookie, selectedTeam }, options, req.log);
    return reply;
  });
}

/** The page's compressor (a fast setting: it is compressed per request, and small), or none. */
function htmlStream(encoding: 'br' | 'gzip' | null): Transform & { flush(done: () => void): void } {
  if (encoding === 'br') return createBrotliCompress({ params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
  if (encoding === 'gzip') return createGzip({ level: 6 });
  return Object.assign(new PassThrough(), { flush: (done: () => void) => setImmediate(done) });
}

/**
 * Writes the rest of a logged-in page: its boot element (the user, the shell's settings and, on
 * home, its trays), then the closing tags. Each read is a head start, not a condition: a failed one
 * serves the page without it (the app asks), and the page always ends.
 */
async function finishPage(
  out: Transform,
  page: RoutePage,
  request: { urlPath: string; cookie: string; selectedTeam: string | null },
  options: WebAppOptions,
  log: FastifyBaseLogger,
): Promise<void> {
  const { urlPath, cookie, selectedTeam } = request;
  let boot = '';
  try {
    const user = await options.currentUser!(cookie).catch((err: unknown) => {
      log.warn({ err }, 'index.html served without its user');
      return null;
    });
    if (user) {
      const trays =
        urlPath === '/' && options.homeTrays
          ? await options.homeTrays(user, selectedTeam).catch((err: unknown) => {
              log.warn({ err }, 'home served without its trays');
              return undefined;
            })
          : undefined;
      const shell = options.shellConfig?.();
      boot = `${bootScript({ user, ...(shell === undefined ? {} : { shell }), ...(trays === undefined ? {} : { trays }) })}\n`;
    }
  } finally {
    if (!out.destroyed) out.end(`${boot}${page.afterBoot}`);
  }
}
