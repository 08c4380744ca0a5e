import { AppShell } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useChatEvents } from '../../features/chat/useChatEvents.ts';
import { useTaskEvents } from '../../features/tasks/useTaskEvents.ts';
import { UploadDock } from '../../features/uploads/UploadDock.tsx';
import { useUploadDockOpen } from '../../features/uploads/uploadDock.ts';
import { useLeaveWarning } from '../../features/uploads/useLeaveWarning.ts';
import { SupportChat } from '../../features/support/SupportChat.tsx';
import { ProductTour } from '../../features/tour/ProductTour.tsx';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { PanelHost } from '../panels/PanelHost.tsx';
import { TopBar } from './TopBar.tsx';
import { useBlockDevTools } from './useBlockDevTools.ts';
import { useInviteAcceptance } from './useInviteAcceptance.ts';
import { useRealtime } from './useRealtime.ts';

/** Width of the upload status dock, a column of its own beside the page (never over it). */
const UPLOAD_DOCK_WIDTH = 360;

/** The logged-in layout: top bar, the page, the upload dock, the side-panel host; realtime (chat and tasks too), invites, the leave-page warning of unfinished uploads. */
export function Shell() {
  useBlockDevTools();
  useRealtime();
  useChatEvents();
  useTaskEvents();
  useInviteAcceptance();
  useLeaveWarning();
  const uploadsOpen = useUploadDockOpen();

  return (
    <PanelHost>
      <AppShell
        header={{ height: 60 }}
        aside={{
          width: UPLOAD_DOCK_WIDTH,
          breakpoint: 'sm',
          collapsed: { desktop: !uploadsOpen, mobile: !uploadsOpen },
        }}
        padding={0}
      >
        <AppShell.Header>
          <TopBar />
        </AppShell.Header>
        <AppShell.Aside>{uploadsOpen && <UploadDock />}</AppShell.Aside>
        <AppShell.Main>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </AppShell.Main>
      </AppShell>
      <ProductTour />
      <SupportChat />
    </PanelHost>
  );
}
