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
    /** A booting session whose agent never reported 'started' fails (CLOUD_AGENT_BOOT_SECONDS). */
    'cloud.bootCheck': { sessionId: string };
    /** The warning notification before the end (endsAt: the end it was scheduled for). */
    'cloud.warn': { sessionId: string; endsAt: string };
    /** session_end_datetime reached: shutting down (ignored when the session was extended). */
    'cloud.end': { sessionId: string; endsAt: string };
    /**
     * Stops the machine and releases it to the queue; with an agent, after its final sync (or, with
     * `timeout`, after CLOUD_FINAL_SYNC_SECONDS without it).
     */
    'cloud.shutdown': { sessionId: string; timeout?: boolean };
    /** The agent reported an idle desktop: the idle warning, or the idle end with its refund. */
    'cloud.idle': { sessionId: string };
    /** Checks the agent's heartbeat is not lost (logged for the operator, shown on the admin page). */
    'cloud.agentWatch': { sessionId: string };
    /** An offered queued machine was not confirmed in time: the next in line gets it. */
    'cloud.offerExpire': { entryId: string };
  }
}

export {};
