/** Domain events of the notifications module (declaration merging into DomainEvents). */
declare module '../../platform/events/bus.ts' {
  interface DomainEvents {
    /** Notifications were stored for these users: each gets has_new_notification in their user room. */
    'notifications.created': { userIds: string[] };
    /** A user opened the list: their other tabs clear the dot. */
    'notifications.seen': { userId: string };
  }
}

export {};
