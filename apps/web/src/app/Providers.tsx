import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MAX_TOASTS } from '@rushes/shared';
import { TOAST_TRANSITION_MS } from '../ui/toast.ts';
import { theme } from './theme.ts';

/** Theme, toasts (top right, at most MAX_TOASTS; spec 002 §4) and the query cache. */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Notifications position="top-right" limit={MAX_TOASTS} transitionDuration={TOAST_TRANSITION_MS} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
