import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { getQueryClient } from './queryClient.ts';

/**
 * The layout route of every page that reads through the query cache: the logged-in shell and the
 * public pages that read (verify, outbox, review). The log in, sign up and password pages sit
 * outside it, so their first load carries no TanStack Query.
 */
export default function QueryLayout() {
  return (
    <QueryClientProvider client={getQueryClient()}>
      <Outlet />
    </QueryClientProvider>
  );
}

/** Makes the cache (and asks for the user) as soon as this chunk arrives, before the first render. */
export async function prefetch(): Promise<void> {
  getQueryClient();
}
