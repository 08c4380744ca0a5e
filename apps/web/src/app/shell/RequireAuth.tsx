import { Navigate, Outlet, useLocation } from 'react-router';
import { isUnauthorized } from '../../api/client.ts';
import { useCurrentUserQuery } from '../../api/currentUser.ts';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { ErrorFallback } from '../ErrorPage.tsx';
import { PATHS, loginReturn } from '../paths.ts';
import { useInactivityLogout } from './useInactivityLogout.ts';

/**
 * The logged-in routes' guard: loads the current user; logged out (401) goes to /login, keeping a
 * team invitation (?inviteCode=) so logging in joins the team, and the page to come back to (?next=,
 * paths.ts). It also runs the inactivity logout.
 */
export default function RequireAuth() {
  const user = useCurrentUserQuery();
  const location = useLocation();
  // Above the error page: a failed refetch (e.g. right after a reconnect) must not stop or restart it.
  useInactivityLogout(Boolean(user.data) && !(user.isError && isUnauthorized(user.error)));
  if (user.isPending) return <PageLoader />;
  if (user.isError) {
    if (isUnauthorized(user.error)) {
      const invite = new URLSearchParams(location.search).get('inviteCode');
      const next = loginReturn(location);
      const query = new URLSearchParams({
        ...(invite ? { inviteCode: invite } : {}),
        ...(next ? { next } : {}),
      });
      const search = query.size ? `?${query}` : '';
      return <Navigate to={`${PATHS.login}${search}`} replace />;
    }
    return <ErrorFallback />;
  }
  return <Outlet />;
}
