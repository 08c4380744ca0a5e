import { MantineProvider } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { theme } from './theme.ts';
import { useIdle } from '../ui/whenIdle.ts';

// The toast host renders nothing until a toast comes, so it loads once the page has painted rather
// than in its first load; a toast shown before it arrives waits in Mantine's store.
const ToastHost = lazy(() => import('./ToastHost.tsx'));

/**
 * Theme and toasts (top right, at most MAX_TOASTS; spec 002 §4). The query cache is the QueryLayout
 * route's, so the public pages load no TanStack Query.
 */
export function Providers({ children }: { children: ReactNode }) {
  const toastsWanted = useIdle();
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      {toastsWanted && (
        <Suspense fallback={null}>
          <ToastHost />
        </Suspense>
      )}
      {children}
    </MantineProvider>
  );
}
