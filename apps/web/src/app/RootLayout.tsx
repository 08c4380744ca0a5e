import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageLoader } from '../ui/PageLoader.tsx';
import { RouteErrorBoundary } from './ErrorPage.tsx';

/**
 * The root route: the page, behind the error page of spec 002 §2 (a render error or a chunk that
 * did not load). Moving to another URL clears the error. The modal host lives in the logged-in
 * shell (shell/ShellRoute.tsx).
 */
export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary pathname={pathname}>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}
