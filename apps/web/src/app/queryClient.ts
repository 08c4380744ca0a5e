import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client.ts';
import { currentUserQuery } from '../api/currentUser.ts';
import { showApiError } from './apiErrors.ts';
import { takeBootData } from './bootData.ts';
import { isPublicPage } from './paths.ts';
import { registerQueryCache } from './queryCache.ts';

declare module '@tanstack/react-query' {
  interface Register {
    /** silent: the screen shows the failure itself, no global toast. */
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

/** An answer of the server is final; only a lost connection (status 0) or a 5xx is retried once. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status > 0 && error.status < 500) return false;
  return failureCount < 1;
}

function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silent) showApiError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.silent) showApiError(error);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

let client: QueryClient | null = null;

/**
 * The app's one query cache, made when the first page that reads through it loads (QueryLayout.tsx),
 * not with the public pages. A logged-in page knows who is logged in from its
 * index.html, or asks at once, while the rest of its code is still loading.
 */
export function getQueryClient(): QueryClient {
  if (client) return client;
  client = createQueryClient();
  registerQueryCache(client);
  takeBootData(client);
  if (!isPublicPage(window.location)) void client.prefetchQuery(currentUserQuery);
  return client;
}
