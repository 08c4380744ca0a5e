/** Domain events and jobs of transfers (declaration merging). */
declare module '../../platform/events/bus.ts' {
  interface DomainEvents {
    /** A transfer was created, progressed or ended; the project room refetches its transfers. */
    'transfer.changed': { projectId: string; transferId: string; status: string };
  }
}

declare module '../../platform/jobs/queue.ts' {
  interface JobDefinitions {
    /** Runs (or resumes) one transfer item by item; a failure retries with backoff. */
    'transfers.run': { transferId: string };
  }
}

export {};
