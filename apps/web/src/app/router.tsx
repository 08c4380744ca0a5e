import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import { lazyPage, type LazyPage, type PageModule } from './lazyPage.tsx';
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
 * The routes of spec 002 §2: public screens, the logged-in shell, and not found. Declarative
 * routes rather than a data router: the data router's code was half of react-router's size in every
 * page's first load (issue 22, P8; docs/decisions.md 'Web first load, sixth cut').
 */
export function createAppRouter(): AppRouter {
  const lazyRoute = (load: () => Promise<PageModule>): Pick<RouteObject, 'element' | 'handle'> => {
    const page = lazyPage(load);
    return { element: <page.Page />, handle: { preload: page.preload } satisfies RouteHandle };
  };
  const routes: RouteObject[] = [
    {
      element: <RootLayout />,
      children: [
        { path: PATHS.login, ...lazyRoute(() => import('../features/auth/LoginPage.tsx')) },
        { path: PATHS.signup, ...lazyRoute(() => import('../features/auth/SignupPage.tsx')) },
        { path: PATHS.forgotPassword, ...lazyRoute(() => import('../features/auth/ForgotPasswordPage.tsx')) },
        { path: PATHS.resetPassword, ...lazyRoute(() => import('../features/auth/ResetPasswordPage.tsx')) },
        { path: PATHS.twoFactor, ...lazyRoute(() => import('../features/auth/TwoFactorPage.tsx')) },
        { path: PATHS.logout, ...lazyRoute(() => import('../features/auth/LogoutPage.tsx')) },
        {
          // pages that read through the query cache: TanStack Query loads with them, not with /login
          ...lazyRoute(() => import('./sessionLayouts.ts').then((m) => m.queryLayout)),
          children: [
            { path: PATHS.verify, ...lazyRoute(() => import('../features/auth/VerifyPage.tsx')) },
            { path: PATHS.outbox, ...lazyRoute(() => import('../features/outbox/OutboxPage.tsx')) },
            { path: PATHS.review, ...lazyRoute(() => import('../features/shares/ReviewPage.tsx')) },
            {
              ...lazyRoute(() => import('./sessionLayouts.ts').then((m) => m.requireAuth)),
              children: [
                // the remote desktop fills the tab: logged in, outside the shell (issue 18)
                { path: PATHS.cloudDesktop, ...lazyRoute(() => import('../features/cloud/DesktopPage.tsx')) },
                {
                  // The logged-in shell (realtime socket, upload dock, panels) is its own chunk: public
                  // pages such as /login load none of it (issue 22). A URL's shell and page load together.
                  ...lazyRoute(() => import('./sessionLayouts.ts').then((m) => m.shellRoute)),
                  children: [
                    { index: true, ...lazyRoute(() => import('../features/home/HomePage.tsx')) },
                    {
                      path: PATHS.settings,
                      ...lazyRoute(() => import('../features/settings/SettingsPage.tsx')),
                    },
                    {
                      path: PATHS.subscription,
                      ...lazyRoute(() => import('../features/subscription/SubscriptionPage.tsx')),
                    },
                    {
                      path: PATHS.statistics,
                      ...lazyRoute(() => import('../features/statistics/StatisticsPage.tsx')),
                    },
                    {
                      path: PATHS.userGuide,
                      ...lazyRoute(() => import('../features/guide/UserGuidePage.tsx')),
                    },
                    {
                      path: PATHS.credits,
                      ...lazyRoute(() => import('../features/credits/CreditsPage.tsx')),
                    },
                    {
                      path: PATHS.checkout,
                      ...lazyRoute(() => import('../features/payments/CheckoutPage.tsx')),
                    },
                    {
                      path: PATHS.uploader,
                      ...lazyRoute(() => import('../features/camera/UploaderPage.tsx')),
                    },
                    {
                      path: PATHS.project,
                      ...lazyRoute(() => import('../features/projects/ProjectPage.tsx')),
                    },
                    { path: PATHS.player, ...lazyRoute(() => import('../features/player/PlayerPage.tsx')) },
                    {
                      path: PATHS.cloudAdmin,
                      ...lazyRoute(() => import('../features/cloud/CloudAdminPage.tsx')),
                    },
                    {
                      path: PATHS.iosPlayer,
                      ...lazyRoute(() => import('../features/player/IosPlayerPage.tsx')),
                    },
                    {
                      path: PATHS.importAssets,
                      ...lazyRoute(() => import('../features/integrations/ImportAssetsPage.tsx')),
                    },
                    {
                      path: PATHS.transfers,
                      ...lazyRoute(() => import('../features/integrations/TransfersPage.tsx')),
                    },
                  ],
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
