import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../ui/PageLoader.tsx';

/** The root route: the page. The modal host lives in the logged-in shell (shell/ShellRoute.tsx). */
export function RootLayout() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Outlet />
    </Suspense>
  );
}
