declare module '../../platform/events/bus.ts' {
  interface DomainEvents {
    /** A project's brief was written: the project room refetches it. */
    'brief.changed': { projectId: string };
  }
}

export {};
