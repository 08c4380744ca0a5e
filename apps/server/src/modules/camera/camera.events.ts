/** Domain events and jobs of camera to edit (declaration merging). */
declare module '../../platform/events/bus.ts' {
  interface DomainEvents {
    /** A session was created or deleted, or received a file: the project room refetches the list. */
    'camera.sessions_changed': { projectId: string };
    /** One session's status changed. */
    'camera.session_status': { projectId: string; sessionId: string; status: string };
    /** A session was deleted: its FTP login is revoked and its connections closed. */
    'camera.session_revoked': { projectId: string; sessionId: string; username: string };
  }
}

declare module '../../platform/jobs/queue.ts' {
  interface JobDefinitions {
    /**
     * Settles a session's transition (pending/resuming → active, pausing → paused). Idempotent: a
     * session already settled, or gone, is left alone.
     */
    'camera.settle': { sessionId: string };
  }
}

export {};
