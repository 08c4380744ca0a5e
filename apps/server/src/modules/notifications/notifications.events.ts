/** Domain events of the notifications module (declaration merging into DomainEvents). */
declare module '../../platform/events/bus.ts' {
  interface DomainEvents {
    /** Notifications of a team were stored for these users: each hears has_new_notification for it. */
    'notifications.created': { userIds: string[]; teamId: string };
    /** A user opened the team's list: their other tabs clear that team's dot. */
    'notifications.seen': { userId: string; teamId: string };
  }
}

export {};
