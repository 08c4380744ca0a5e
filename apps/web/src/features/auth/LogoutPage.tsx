import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { PUBLIC_UI } from '@rushes/shared';
import { authRoutes } from '@rushes/shared/routes/auth';
import { call } from '../../api/client.ts';
import { PATHS } from '../../app/paths.ts';
import { clearQueryCache } from '../../app/queryCache.ts';
import { AuthCard } from '../../ui/AuthCard.tsx';
import { Loader } from '@mantine/core';

/** /logout: ends the session, forgets every cached answer and the socket, then goes to /login. */
export default function LogoutPage() {
  const navigate = useNavigate();

  useEffect(() => {
    let active = true;
    // Imported on demand: the socket client stays out of the public pages' chunks.
    void import('../../api/socket.ts').then((m) => m.disconnectSocket());
    call(authRoutes.logout, {})
      .catch(() => undefined) // already logged out: nothing to end
      .finally(() => {
        clearQueryCache();
        if (active) navigate(PATHS.login, { replace: true });
      });
    return () => {
      active = false;
    };
  }, [navigate]);

  return (
    <AuthCard title={PUBLIC_UI.signingOut}>
      <Loader />
    </AuthCard>
  );
}
