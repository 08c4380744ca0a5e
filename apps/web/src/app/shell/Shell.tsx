import { AppShell } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useChatEvents } from '../../features/chat/useChatEvents.ts';
import { useTrayEvents } from '../../features/projects/useTrayEvents.ts';
import { useTaskEvents } from '../../features/tasks/useTaskEvents.ts';
import { useUploadDockOpen } from '../../features/uploads/uploadDock.ts';
import { useLeaveWarning } from '../../features/uploads/useLeaveWarning.ts';
import { LiveCallProvider } from '../../features/live/LiveCallProvider.tsx';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { useIdle } from '../../ui/whenIdle.ts';
import { PageTouchWatch } from '../../features/tour/pageTouch.ts';
import { PanelHost } from '../panels/PanelHost.tsx';
import { TopBar } from './TopBar.tsx';
import { useBlockDevTools } from './useBlockDevTools.ts';
import { useInviteAcceptance } from './useInviteAcceptance.ts';
import { useRealtime } from './useRealtime.ts';

// Not in the page's first load: the dock shows only while there are uploads, the tour and the
// support chat start on their own once they arrive (the chat once the page is idle; the tour at
// once, before the user has touched the page).
const UploadDock = lazy(() =>
  import('../../features/uploads/UploadDock.tsx').then((m) => ({ default: m.UploadDock })),
);
const ProductTour = lazy(() =>
  import('../../features/tour/ProductTour.tsx').then((m) => ({ default: m.ProductTour })),
);
const SupportChat = lazy(() =>
  import('../../features/support/SupportChat.tsx').then((m) => ({ default: m.SupportChat })),
);

/** Width of the upload status dock, a column of its own beside the page (never over it). */
const UPLOAD_DOCK_WIDTH = 360;

/** The logged-in layout: top bar, the page, the upload dock, the side-panel host, the live collaboration call (kept when its panel closes); realtime (chat, tasks and the project trays too), invites, the leave-page warning of unfinished uploads. */
export function Shell() {
  useBlockDevTools();
  useRealtime();
  useChatEvents();
  useTaskEvents();
  useTrayEvents();
  useInviteAcceptance();
  useLeaveWarning();
  const uploadsOpen = useUploadDockOpen();
  const idle = useIdle();

  return (
    <LiveCallProvider>
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
          <AppShell.Aside>
            {uploadsOpen && (
              <Suspense fallback={null}>
                <UploadDock />
              </Suspense>
            )}
          </AppShell.Aside>
          <AppShell.Main>
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </AppShell.Main>
        </AppShell>
        <PageTouchWatch />
        <Suspense fallback={null}>
          <ProductTour />
        </Suspense>
        {idle && (
          <Suspense fallback={null}>
            <SupportChat />
          </Suspense>
        )}
      </PanelHost>
    </LiveCallProvider>
  );
}
