import { lazy, type ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import { withChunkTimeout } from './chunkLoad.ts';
import { RouteErrorPage } from './ErrorPage.tsx';
import { PATHS } from './paths.ts';
import { RootLayout } from './RootLayout.tsx';
import { RequireAuth } from './shell/RequireAuth.tsx';

const LoginPage = lazy(withChunkTimeout(() => import('../features/auth/LoginPage.tsx')));
const SignupPage = lazy(withChunkTimeout(() => import('../features/auth/SignupPage.tsx')));
const VerifyPage = lazy(withChunkTimeout(() => import('../features/auth/VerifyPage.tsx')));
const ForgotPasswordPage = lazy(withChunkTimeout(() => import('../features/auth/ForgotPasswordPage.tsx')));
const ResetPasswordPage = lazy(withChunkTimeout(() => import('../features/auth/ResetPasswordPage.tsx')));
const TwoFactorPage = lazy(withChunkTimeout(() => import('../features/auth/TwoFactorPage.tsx')));
const LogoutPage = lazy(withChunkTimeout(() => import('../features/auth/LogoutPage.tsx')));
const OutboxPage = lazy(withChunkTimeout(() => import('../features/outbox/OutboxPage.tsx')));
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
const NotFoundPage = lazy(withChunkTimeout(() => import('./NotFoundPage.tsx')));
// The logged-in shell (realtime socket, upload dock, panels) is its own chunk: public pages such as
// /login load none of it (issue 22). It and the logged-in pages are the router's lazy routes, which
// it loads together for a URL (the shell and the page at once, not the page after the shell).
const loadShell = withChunkTimeout(() => import('./shell/ShellRoute.tsx'));
const lazyRoute = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/** The routes of spec 002 §2: public screens, the logged-in shell, and not found. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: PATHS.login, element: <LoginPage /> },
      { path: PATHS.signup, element: <SignupPage /> },
      { path: PATHS.verify, element: <VerifyPage /> },
      { path: PATHS.forgotPassword, element: <ForgotPasswordPage /> },
      { path: PATHS.resetPassword, element: <ResetPasswordPage /> },
      { path: PATHS.twoFactor, element: <TwoFactorPage /> },
      { path: PATHS.logout, element: <LogoutPage /> },
      { path: PATHS.outbox, element: <OutboxPage /> },
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
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
