/** TanStack Query keys, one place, so invalidation from sockets and mutations hits the right data. */
export const queryKeys = {
  currentUser: ['currentUser'] as const,
  /** the shell's runtime settings (GET shell/config): a logged-in page's index.html carries them */
  shellConfig: ['shell', 'config'] as const,
  verifyEmail: (token: string) => ['verifyEmail', token] as const,
  outbox: ['outbox'] as const,
};

/**
 * How long a page's prefetched first page counts as fresh: the page mounting a moment later uses it
 * instead of asking again. Realtime events and mutations keep it current after that.
 */
export const PREFETCH_FRESH_MS = 5_000;
