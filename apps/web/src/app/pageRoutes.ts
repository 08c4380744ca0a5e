import type { PageModule } from './lazyPage.tsx';

/**
 * Where a page sits in the router (router.tsx), i.e. which layouts wrap it and so what its first
 * load carries.
 */
export type PageLayout =
  /** under the root layout only: the log in and its forms load neither TanStack Query nor the shell */
  | 'public'
  /** reads through the query cache (QueryLayout), no login needed: verify, outbox, review */
  | 'query'
  /** logged in, outside the shell: a page that fills the tab (the remote desktop) */
  | 'auth'
  /** the logged-in shell: top bar, realtime socket, upload dock, side panels */
  | 'shell';

/**
 * One page of a feature, declared in the feature's `pages.ts` (`export const pages: PageRoute[]`).
 * router.tsx collects every `features/<f>/pages.ts` and the build reads the same files for the
 * URLs whose chunks index.html preloads (apps/web/pageDeclarations.ts), so each page keeps to one
 * literal shape: `path: PATHS.<name>` (or `path: '/<path>'`), `layout: '<layout>'`,
 * `page: () => import('./<X>Page.tsx')`, and `direct: true` where it applies.
 */
export interface PageRoute {
  /** a PATHS value or a path written out; PATHS.home is the shell's index route */
  path: string;
  layout: PageLayout;
  /** the page module, a lazy chunk of its own (the pages.ts files are in the entry: keep them small) */
  page: () => Promise<PageModule>;
  /**
   * A URL people open directly (a bookmark, a link in an e-mail, a reload): the server adds the
   * page's chunks to index.html as modulepreload links (apps/web/routePreloads.ts), so they load
   * with the entry instead of after it.
   */
  direct?: true;
}
