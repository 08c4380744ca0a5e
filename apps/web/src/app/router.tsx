import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import { lazyPage, type LazyPage, type PageModule } from './lazyPage.tsx';
import type { PageLayout, PageRoute } from './pageRoutes.ts';
import { PATHS } from './paths.ts';
import { RootLayout } from './RootLayout.tsx';

/** What each lazy route carries: how to start loading its code. */
interface RouteHandle {
  preload: LazyPage['preload'];
}

export interface AppRouter {
  /** The routes, rendered inside `<BrowserRouter>`; each visit of a path goes through `visit`. */
  AppRoutes: () => React.ReactNode;
  /**
   * A visit of a path: loads the code of every route it shows, all at once (not a page once its
   * layout has rendered), and runs their `prefetch` as each arrives (not awaited). main.tsx awaits
   * the first before it renders.
   */
  visit: (pathname: string) => Promise<unknown>;
}

/**
 * Every feature's pages (`features/<f>/pages.ts`, app/pageRoutes.ts): eager, as these modules only
 * declare routes (a path, a layout, a lazy import); each page's code stays a lazy chunk of its own.
 * A new page is a line in its feature's `pages.ts`, not here. Only the `pages` export is imported:
 * a module namespace per feature would cost the first load of every page.
 */
const PAGES = Object.values(
  import.meta.glob<PageRoute[]>('../features/*/pages.ts', { eager: true, import: 'pages' }),
).flat();

/**
 * The routes of spec 002 §2: public screens, the logged-in shell, and not found. Declarative
 * routes rather than a data router: the data router's code was half of react-router's size in every
 * page's first load (docs/decisions/0030-web-first-load.md 'Web first load, sixth cut'). The layouts are
 * nested here; the pages come from the features, each under the layout its `layout` names. The
 * router ranks paths by how specific they are, so the order of the features does not matter; the
 * one catch-all (not found) is the app's.
 */
export function createAppRouter(): AppRouter {
  const lazyRoute = (load: () => Promise<PageModule>): Pick<RouteObject, 'element' | 'handle'> => {
    const page = lazyPage(load);
    return { element: <page.Page />, handle: { preload: page.preload } satisfies RouteHandle };
  };
  const pagesUnder = (layout: PageLayout): RouteObject[] =>
    PAGES.filter((p) => p.layout === layout).map((p) =>
      // home is the shell's index route
      p.path === PATHS.home ? { index: true, ...lazyRoute(p.page) } : { path: p.path, ...lazyRoute(p.page) },
    );
  const routes: RouteObject[] = [
    {
      element: <RootLayout />,
      children: [
        ...pagesUnder('public'),
        {
          // pages that read through the query cache: TanStack Query loads with them, not with /login
          ...lazyRoute(() => import('./sessionLayouts.ts').then((m) => m.queryLayout)),
          children: [
            ...pagesUnder('query'),
            {
              ...lazyRoute(() => import('./sessionLayouts.ts').then((m) => m.requireAuth)),
              children: [
                // logged in, outside the shell (the remote desktop fills the tab)
                ...pagesUnder('auth'),
                {
                  // The logged-in shell (realtime socket, upload dock, panels) is its own chunk: public
                  // pages such as /login load none of it. A URL's shell and page load together.
                  ...lazyRoute(() => import('./sessionLayouts.ts').then((m) => m.shellRoute)),
                  children: pagesUnder('shell'),
                },
              ],
            },
          ],
        },
        { path: '*', ...lazyRoute(() => import('./NotFoundPage.tsx')) },
      ],
    },
  ];

  let visited: { pathname: string; loaded: Promise<unknown> } | null = null;
  const visit = (pathname: string) => {
    if (visited?.pathname === pathname) return visited.loaded;
    const pages = (matchRoutes(routes, pathname) ?? []).flatMap(({ route }) => {
      const handle = route.handle as RouteHandle | undefined;
      // not awaited: the page renders at once and finds its reads in flight
      return handle ? [handle.preload().then((page) => void page.prefetch?.().catch(() => undefined))] : [];
    });
    visited = { pathname, loaded: Promise.all(pages) };
    return visited.loaded;
  };

  function AppRoutes() {
    const { pathname } = useLocation();
    // during render, so the chunks are asked for before the transition renders the new page; once
    // per path (a failed chunk shows in the page's error boundary)
    visit(pathname).catch(() => undefined);
    return useRoutes(routes);
  }
  return { AppRoutes, visit };
}
