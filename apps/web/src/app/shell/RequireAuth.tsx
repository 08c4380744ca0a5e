import { Navigate, Outlet } from 'react-router';
import { isUnauthorized } from '../../api/client.ts';
import { useCurrentUserQuery } from '../../api/currentUser.ts';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { ErrorFallback } from '../ErrorPage.tsx';
import { PATHS } from '../paths.ts';

/** The logged-in routes' guard: loads the current user; logged out (401) goes to /login. */
export function RequireAuth() {
  const user = useCurrentUserQuery();
  if (user.isPending) return <PageLoader />;
  if (user.isError) {
    if (isUnauthorized(user.error)) return <Navigate to={PATHS.login} replace />;
    return <ErrorFallback />;
  }
  return <Outlet />;
}
