import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { z } from 'zod';

/**
 * index.html with a route's own chunks added as `<link rel="modulepreload">` (and its stylesheets as
 * `<link rel="stylesheet">`), so a browser opening
 * /login or a project fetches the page's chunks together with the entry instead of after the entry
 * has run and the router has asked for them. The list comes from the web build
 * (apps/web/routePreloads.ts writes `route-preloads.json`); without it every route gets index.html.
 */
export interface RoutePage {
  pattern: RegExp;
  /** behind the login: worth preloading only for a browser that holds a session cookie */
  session: boolean;
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
  /**
   * The page cut where a logged-in page's boot element goes (before `</body>`): the first part is
   * sent at once, so the browser fetches the code while the server reads what the page carries.
   */
  beforeBoot: string;
  afterBoot: string;
}

const RoutePreloadsFile = z.object({
  routes: z.array(
    z.object({
      path: z.string().startsWith('/'),
      session: z.boolean(),
      files: z.array(z.string().regex(/^\/assets\/[\w.-]+\.(?:js|css)$/)),
    }),
  ),
});

/** A router path (`/project/:projectDbId/:folderDbId?`) as a RegExp over a URL's path. */
export function routePattern(route: string): RegExp {
  const source = route
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment.startsWith(':')) return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return new RegExp(`^${source || '/'}/?$`);
}

export function loadRoutePages(webDist: string): RoutePage[] {
  const file = path.join(webDist, 'route-preloads.json');
  if (!existsSync(file)) return [];
  // A list this server cannot read (another build's format) costs the preloads, never the start.
  let listed: unknown;
  try {
    listed = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return [];
  }
  const parsed = RoutePreloadsFile.safeParse(listed);
  if (!parsed.success) return [];
  const { routes } = parsed.data;
  const index = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  return routes.map((route) => {
    // a page's stylesheets as the preload helper would add them (it finds them there and skips them)
    const links = route.files
      .map((f) =>
        f.endsWith('.css')
          ? `<link rel="stylesheet" crossorigin href="${f}">`
          : `<link rel="modulepreload" crossorigin href="${f}">`,
      )
      .join('\n    ');
    const text = index.replace('</head>', `  ${links}\n  </head>`);
    const html = Buffer.from(text);
    const cut = bootPosition(text);
    return {
      pattern: routePattern(route.path),
      session: route.session,
      beforeBoot: text.slice(0, cut),
      afterBoot: text.slice(cut),
      html,
      br: brotliCompressSync(html),
      gzip: gzipSync(html, { level: 9 }),
    };
  });
}

/** Where the boot element goes: before `</body>`, else `</html>`, else at the end. */
function bootPosition(html: string): number {
  for (const tag of ['</body>', '</html>']) {
    const at = html.lastIndexOf(tag);
    if (at >= 0) return at;
  }
  return html.length;
}
