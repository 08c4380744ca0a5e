import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { readDeclaredPages } from './pageDeclarations.ts';

/** The file the server reads to add a route's chunks to index.html (apps/server/src/platform/http/webApp.ts). */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/**
 * The layouts of the pages that read through TanStack Query (router.tsx), one lazy module: the
 * query cache, the login guard and the logged-in shell.
 */
const QUERIES = 'src/app/sessionLayouts.ts';
/** The logged-in pages' layouts. */
export const SHELL = [QUERIES];

/**
 * The URLs people open directly (a bookmark, a link in an e-mail, a reload) and the lazy modules the
 * router loads for each: the pages a feature's `pages.ts` marks `direct` (pageDeclarations.ts), with
 * the layouts router.tsx nests them in. `session`: the route is behind RequireAuth, so its chunks
 * are worth fetching only for a browser that holds a session cookie.
 */
export const ROUTES: { path: string; modules: string[]; session?: true }[] = readDeclaredPages(
  import.meta.dirname,
)
  .filter((page) => page.direct)
  .map((page) => {
    if (page.layout === 'public') return { path: page.path, modules: [page.module] };
    if (page.layout === 'query') return { path: page.path, modules: [QUERIES, page.module] };
    return { path: page.path, session: true, modules: [...SHELL, page.module] };
  });

export interface RoutePreload {
  /** a router path: `:name` is one segment, `:name?` an optional one */
  path: string;
  session: boolean;
  /** `/assets/…` chunks and stylesheets the page needs beyond what index.html already loads */
  files: string[];
}

/**
 * Writes `route-preloads.json`: for each route above, the chunks its lazy page needs that index.html
 * does not already load. The server adds them to index.html as `<link rel="modulepreload">` for that
 * URL, so the browser fetches the page's chunks together with the entry instead of after it has run:
 * one wave of requests instead of two.
 */
export function routePreloads(): Plugin {
  let root = '';
  return {
    name: 'rushes-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (start: Rolldown.OutputChunk[]) => {
        const seen = new Set<string>();
        const visit = (c: Rolldown.OutputChunk) => {
          if (seen.has(c.fileName)) return;
          seen.add(c.fileName);
          for (const next of c.imports) {
            const chunk = byFile.get(next);
            if (chunk) visit(chunk);
          }
        };
        start.forEach(visit);
        return seen;
      };
      const initial = closure(chunks.filter((c) => c.isEntry));
      // a chunk's stylesheets: the preload helper would add them only once the chunk is imported
      const css = (files: Iterable<string>) =>
        new Set([...files].flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]));
      const initialCss = css(initial);
      const routes: RoutePreload[] = ROUTES.map((route) => {
        const pages = route.modules.map((rel) => {
          const id = path.join(root, rel);
          const chunk = chunks.find((c) => c.isDynamicEntry && c.facadeModuleId === id);
          if (!chunk)
            throw new Error(`route-preloads: no chunk for ${rel} (${route.path}); is it still lazy?`);
          return chunk;
        });
        const scripts = [...closure(pages)].filter((f) => !initial.has(f));
        const styles = [...css(scripts)].filter((f) => !initialCss.has(f));
        const files = [...styles, ...scripts].map((f) => `/${f}`);
        return { path: route.path, session: route.session === true, files };
      });
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: JSON.stringify({ routes }, null, 1),
      });
    },
  };
}
