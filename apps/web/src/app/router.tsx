import { lazy, type ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouteErrorPage } from './ErrorPage.tsx';
import { PATHS } from './paths.ts';
import { RootLayout } from './RootLayout.tsx';
import { RequireAuth } from './shell/RequireAuth.tsx';

const LoginPage = lazy(() => import('../features/auth/LoginPage.tsx'));
const SignupPage = lazy(() => import('../features/auth/SignupPage.tsx'));
const VerifyPage = lazy(() => import('../features/auth/VerifyPage.tsx'));
const ForgotPasswordPage = lazy(() => import('../features/auth/ForgotPasswordPage.tsx'));
const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage.tsx'));
const TwoFactorPage = lazy(() => import('../features/auth/TwoFactorPage.tsx'));
const LogoutPage = lazy(() => import('../features/auth/LogoutPage.tsx'));
const OutboxPage = lazy(() => import('../features/outbox/OutboxPage.tsx'));
const loadHomePage = () => import('../features/home/HomePage.tsx');
const loadSettingsPage = () => import('../features/settings/SettingsPage.tsx');
const loadSubscriptionPage = () => import('../features/settings/SubscriptionPage.tsx');
const loadStatisticsPage = () => import('../features/settings/StatisticsPage.tsx');
const loadUserGuidePage = () => import('../features/settings/UserGuidePage.tsx');
const loadProjectPage = () => import('../features/projects/ProjectPage.tsx');
const loadPlayerPage = () => import('../features/player/PlayerPage.tsx');
const loadReviewPage = () => import('../features/shares/ReviewPage.tsx');
const loadImportPage = () => import('../features/integrations/ImportAssetsPage.tsx');
const loadTransfersPage = () => import('../features/integrations/TransfersPage.tsx');
const NotFoundPage = lazy(() => import('./NotFoundPage.tsx'));
// The logged-in shell (realtime socket, upload dock, panels) is its own chunk: public pages such as
// /login load none of it (issue 22). It and the logged-in pages are the router's lazy routes, which
// it loads together for a URL (the shell and the page at once, not the page after the shell).
const loadShell = () => import('./shell/ShellRoute.tsx');
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
          {
            lazy: lazyRoute(loadShell),
            errorElement: <RouteErrorPage />,
            children: [
              { index: true, lazy: lazyRoute(loadHomePage) },
              { path: PATHS.settings, lazy: lazyRoute(loadSettingsPage) },
              { path: PATHS.subscription, lazy: lazyRoute(loadSubscriptionPage) },
              { path: PATHS.statistics, lazy: lazyRoute(loadStatisticsPage) },
              { path: PATHS.userGuide, lazy: lazyRoute(loadUserGuidePage) },
              { path: PATHS.project, lazy: lazyRoute(loadProjectPage) },
              { path: PATHS.player, lazy: lazyRoute(loadPlayerPage) },
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
