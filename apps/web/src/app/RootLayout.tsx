import { ModalsProvider } from '@mantine/modals';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../ui/PageLoader.tsx';

/** The root route: the modal host inside the router (modal content may link), then the page. */
export function RootLayout() {
  return (
    <ModalsProvider>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </ModalsProvider>
  );
}
