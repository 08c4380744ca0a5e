import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClientConfig } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { freshQueryClientPerTest, qc } from './queryClient.ts';

/**
 * freshQueryClientPerTest for a file that renders. After each test, in this order: the rendered tree
 * unmounts (vitest runs without globals, so Testing Library's own cleanup is not registered), the
 * cache empties, `afterUnmount` resets the file's own state, and the stubbed globals come back last,
 * since unmounting may still call fetch.
 */
export function freshProvidersPerTest({
  client,
  afterUnmount,
}: { client?: QueryClientConfig; afterUnmount?: () => void } = {}): void {
  freshQueryClientPerTest(client, () => {
    cleanup();
    qc.clear();
    afterUnmount?.();
    vi.unstubAllGlobals();
  });
}

/** renderHook's wrapper: the current test's client. */
export const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={qc}>{children}</QueryClientProvider>
);

/** renderHook's wrapper for a hook that also needs a router, opened at `path`. */
export const routedWrapper =
  (path: string) =>
  ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </QueryClientProvider>
  );

/** What a component of the app renders inside: Mantine and the current test's client. */
const Providers = ({ children }: { children: ReactNode }) => (
  <MantineProvider>
    <QueryClientProvider client={qc}>{children}</QueryClientProvider>
  </MantineProvider>
);

/** Renders `ui` inside the app's providers; a rerender keeps them. */
export const renderWithProviders = (ui: ReactElement) => render(ui, { wrapper: Providers });

/** Waits for TanStack Query to tell the components, which it does on a zero timeout. */
export const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
