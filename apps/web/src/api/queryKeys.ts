/** TanStack Query keys, one place, so invalidation from sockets and mutations hits the right data. */
export const queryKeys = {
  currentUser: ['currentUser'] as const,
  verifyEmail: (token: string) => ['verifyEmail', token] as const,
  outbox: ['outbox'] as const,
};
