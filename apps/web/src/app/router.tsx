import { lazy } from 'react';
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
const HomePage = lazy(() => import('../features/home/HomePage.tsx'));
const SettingsPage = lazy(() => import('../features/settings/SettingsPage.tsx'));
const SubscriptionPage = lazy(() => import('../features/settings/SubscriptionPage.tsx'));
const StatisticsPage = lazy(() => import('../features/settings/StatisticsPage.tsx'));
const UserGuidePage = lazy(() => import('../features/settings/UserGuidePage.tsx'));
const ProjectPage = lazy(() => import('../features/projects/ProjectPage.tsx'));
const PlayerPage = lazy(() => import('../features/player/PlayerPage.tsx'));
const NotFoundPage = lazy(() => import('./NotFoundPage.tsx'));
// The logged-in shell (realtime socket, upload dock, panels) is its own chunk: public pages such as
// /login load none of it (issue 22).
const Shell = lazy(() => import('./shell/ShellRoute.tsx'));

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
      {
        element: <RequireAuth />,
        children: [
          {
            element: <Shell />,
            errorElement: <RouteErrorPage />,
            children: [
              { index: true, element: <HomePage /> },
              { path: PATHS.settings, element: <SettingsPage /> },
              { path: PATHS.subscription, element: <SubscriptionPage /> },
              { path: PATHS.statistics, element: <StatisticsPage /> },
              { path: PATHS.userGuide, element: <UserGuidePage /> },
              { path: PATHS.project, element: <ProjectPage /> },
              { path: PATHS.player, element: <PlayerPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
