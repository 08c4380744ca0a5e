declare module '../../platform/events/bus.ts' {
  interface DomainEvents {
    /** A purchase was applied (or a waiting upgrade started or stopped): members refetch. */
    'subscription.changed': { teamId: string; userId: string | null; purpose: string; applied: boolean };
  }
}

export {};
