import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import { withChunkTimeout } from './chunkLoad.ts';
import { RouteErrorPage } from './ErrorPage.tsx';
import { PATHS } from './paths.ts';
import { RootLayout } from './RootLayout.tsx';
import { RequireAuth } from './shell/RequireAuth.tsx';

const loadLoginPage = withChunkTimeout(() => import('../features/auth/LoginPage.tsx'));
const loadSignupPage = withChunkTimeout(() => import('../features/auth/SignupPage.tsx'));
const loadVerifyPage = withChunkTimeout(() => import('../features/auth/VerifyPage.tsx'));
const loadForgotPasswordPage = withChunkTimeout(() => import('../features/auth/ForgotPasswordPage.tsx'));
const loadResetPasswordPage = withChunkTimeout(() => import('../features/auth/ResetPasswordPage.tsx'));
const loadTwoFactorPage = withChunkTimeout(() => import('../features/auth/TwoFactorPage.tsx'));
const loadLogoutPage = withChunkTimeout(() => import('../features/auth/LogoutPage.tsx'));
const loadOutboxPage = withChunkTimeout(() => import('../features/outbox/OutboxPage.tsx'));
const loadHomePage = withChunkTimeout(() => import('../features/home/HomePage.tsx'));
const loadSettingsPage = withChunkTimeout(() => import('../features/settings/SettingsPage.tsx'));
const loadSubscriptionPage = withChunkTimeout(() => import('../features/subscription/SubscriptionPage.tsx'));
const loadStatisticsPage = withChunkTimeout(() => import('../features/statistics/StatisticsPage.tsx'));
const loadUserGuidePage = withChunkTimeout(() => import('../features/guide/UserGuidePage.tsx'));
const loadCreditsPage = withChunkTimeout(() => import('../features/credits/CreditsPage.tsx'));
const loadCheckoutPage = withChunkTimeout(() => import('../features/payments/CheckoutPage.tsx'));
const loadUploaderPage = withChunkTimeout(() => import('../features/camera/UploaderPage.tsx'));
const loadProjectPage = withChunkTimeout(() => import('../features/projects/ProjectPage.tsx'));
const loadPlayerPage = withChunkTimeout(() => import('../features/player/PlayerPage.tsx'));
const loadIosPlayerPage = withChunkTimeout(() => import('../features/player/IosPlayerPage.tsx'));
const loadReviewPage = withChunkTimeout(() => import('../features/shares/ReviewPage.tsx'));
const loadDesktopPage = withChunkTimeout(() => import('../features/cloud/DesktopPage.tsx'));
const loadCloudAdminPage = withChunkTimeout(() => import('../features/cloud/CloudAdminPage.tsx'));
const loadImportPage = withChunkTimeout(() => import('../features/integrations/ImportAssetsPage.tsx'));
const loadTransfersPage = withChunkTimeout(() => import('../features/integrations/TransfersPage.tsx'));
const loadNotFoundPage = withChunkTimeout(() => import('./NotFoundPage.tsx'));
// The logged-in shell (realtime socket, upload dock, panels) is its own chunk: public pages such as
// /login load none of it (issue 22). It and the logged-in pages are the router's lazy routes, which
// it loads together for a URL (the shell and the page at once, not the page after the shell).
const loadShell = withChunkTimeout(() => import('./shell/ShellRoute.tsx'));
/**
 * A page module: its screen and, where it has one, `prefetch`, which starts the page's reads when
 * its URL is opened rather than once it has rendered (home's trays; issue 22).
 */
interface PageModule {
  default: ComponentType;
  prefetch?: (queryClient: QueryClient) => Promise<void>;
}

/** The routes of spec 002 §2: public screens, the logged-in shell, and not found. */
export function createAppRouter(queryClient: QueryClient) {
  const lazyRoute = (load: () => Promise<PageModule>) => async () => {
    const page = await load();
    const { prefetch } = page;
    if (!prefetch) return { Component: page.default };
    // not awaited: the page renders at once and finds its reads in flight
    return { Component: page.default, loader: () => (void prefetch(queryClient), null) };
  };
  return createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      children: [
        { path: PATHS.login, lazy: lazyRoute(loadLoginPage) },
        { path: PATHS.signup, lazy: lazyRoute(loadSignupPage) },
        { path: PATHS.verify, lazy: lazyRoute(loadVerifyPage) },
        { path: PATHS.forgotPassword, lazy: lazyRoute(loadForgotPasswordPage) },
        { path: PATHS.resetPassword, lazy: lazyRoute(loadResetPasswordPage) },
        { path: PATHS.twoFactor, lazy: lazyRoute(loadTwoFactorPage) },
        { path: PATHS.logout, lazy: lazyRoute(loadLogoutPage) },
        { path: PATHS.outbox, lazy: lazyRoute(loadOutboxPage) },
        { path: PATHS.review, lazy: lazyRoute(loadReviewPage) },
        {
          element: <RequireAuth />,
          children: [
            // the remote desktop fills the tab: logged in, outside the shell (issue 18)
            { path: PATHS.cloudDesktop, lazy: lazyRoute(loadDesktopPage) },
            {
              lazy: lazyRoute(loadShell),
              errorElement: <RouteErrorPage />,
              children: [
                { index: true, lazy: lazyRoute(loadHomePage) },
                { path: PATHS.settings, lazy: lazyRoute(loadSettingsPage) },
                { path: PATHS.subscription, lazy: lazyRoute(loadSubscriptionPage) },
                { path: PATHS.statistics, lazy: lazyRoute(loadStatisticsPage) },
                { path: PATHS.userGuide, lazy: lazyRoute(loadUserGuidePage) },
                { path: PATHS.credits, lazy: lazyRoute(loadCreditsPage) },
                { path: PATHS.checkout, lazy: lazyRoute(loadCheckoutPage) },
                { path: PATHS.uploader, lazy: lazyRoute(loadUploaderPage) },
                { path: PATHS.project, lazy: lazyRoute(loadProjectPage) },
                { path: PATHS.player, lazy: lazyRoute(loadPlayerPage) },
                { path: PATHS.cloudAdmin, lazy: lazyRoute(loadCloudAdminPage) },
                { path: PATHS.iosPlayer, lazy: lazyRoute(loadIosPlayerPage) },
                { path: PATHS.importAssets, lazy: lazyRoute(loadImportPage) },
                { path: PATHS.transfers, lazy: lazyRoute(loadTransfersPage) },
              ],
            },
          ],
        },
        { path: '*', lazy: lazyRoute(loadNotFoundPage) },
      ],
    },
  ]);
}
