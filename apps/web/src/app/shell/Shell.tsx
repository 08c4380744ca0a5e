import { AppShell } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useChatEvents } from '../../features/chat/useChatEvents.ts';
import { useTaskEvents } from '../../features/tasks/useTaskEvents.ts';
import { useLeaveWarning } from '../../features/uploads/useLeaveWarning.ts';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { PanelHost } from '../panels/PanelHost.tsx';
import { TopBar } from './TopBar.tsx';
import { useBlockDevTools } from './useBlockDevTools.ts';
import { useInactivityLogout } from './useInactivityLogout.ts';
import { useInviteAcceptance } from './useInviteAcceptance.ts';
import { useRealtime } from './useRealtime.ts';

/** The logged-in layout: top bar, the page, the side-panel host; inactivity logout, realtime (chat and tasks too), invites, the leave-page warning of unfinished uploads. */
export function Shell() {
  useInactivityLogout();
  useBlockDevTools();
  useRealtime();
  useChatEvents();
  useTaskEvents();
  useInviteAcceptance();
  useLeaveWarning();

  return (
    <PanelHost>
      <AppShell header={{ height: 60 }} padding={0}>
        <AppShell.Header>
          <TopBar />
        </AppShell.Header>
        <AppShell.Main>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </AppShell.Main>
      </AppShell>
    </PanelHost>
  );
}
