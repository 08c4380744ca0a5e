import type { QueryClient } from '@tanstack/react-query';

/**
 * The app's query cache once a page that reads through it has made it (queryClient.ts). Kept apart
 * from it so the public pages, which read nothing through the cache, can forget it on log in and
 * log out without loading TanStack Query (/login's first load).
 */
let current: QueryClient | null = null;

export function registerQueryCache(client: QueryClient): void {
  current = client;
}

/** Forgets every cached answer (a log in or log out); nothing to forget before the cache exists. */
export function clearQueryCache(): void {
  current?.clear();
}
