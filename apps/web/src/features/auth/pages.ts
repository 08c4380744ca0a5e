import { PATHS } from '../../app/paths.ts';
import type { PageRoute } from '../../app/pageRoutes.ts';

/** The log in and its forms stay public (no query cache, no shell); verify reads through the cache. */
export const pages: PageRoute[] = [
  { path: PATHS.login, layout: 'public', direct: true, page: () => import('./LoginPage.tsx') },
  { path: PATHS.signup, layout: 'public', direct: true, page: () => import('./SignupPage.tsx') },
  {
    path: PATHS.forgotPassword,
    layout: 'public',
    direct: true,
    page: () => import('./ForgotPasswordPage.tsx'),
  },
  {
    path: PATHS.resetPassword,
    layout: 'public',
    direct: true,
    page: () => import('./ResetPasswordPage.tsx'),
  },
  { path: PATHS.twoFactor, layout: 'public', direct: true, page: () => import('./TwoFactorPage.tsx') },
  { path: PATHS.logout, layout: 'public', page: () => import('./LogoutPage.tsx') },
  { path: PATHS.verify, layout: 'query', direct: true, page: () => import('./VerifyPage.tsx') },
];
