/** Domain events and jobs of the cloud module (declaration merging). Payloads are plain JSON. */
declare module '../../platform/events/bus.ts' {
  interface DomainEvents {
    /** A user's session or queue entry changed: their browsers refetch (banner, wizard). */
    'cloud.changed': { userId: string; sessionId: string | null };
  }
}

declare module '../../platform/jobs/queue.ts' {
  interface JobDefinitions {
    /** Starts (or, after a restart, restarts) the session's machine. */
    'cloud.boot': { sessionId: string };
    /** The warning notification before the end (endsAt: the end it was scheduled for). */
    'cloud.warn': { sessionId: string; endsAt: string };
    /** session_end_datetime reached: shutting down (ignored when the session was extended). */
    'cloud.end': { sessionId: string; endsAt: string };
    /** Stops the machine and releases it to the queue. */
    'cloud.shutdown': { sessionId: string };
    /** An offered queued machine was not confirmed in time: the next in line gets it. */
    'cloud.offerExpire': { entryId: string };
  }
}

export {};
