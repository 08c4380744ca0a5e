import type { TranscriptStatus } from '@rushes/shared';

/**
 * The transcripts module's job and event (declaration merging into JobDefinitions and DomainEvents);
 * the realtime mapper sends the event to the project room as transcript_status.
 */
declare module '../../platform/events/bus.ts' {
  interface DomainEvents {
    /** An asset's transcript changed status or words: an open panel refetches it. */
    'transcript.status': { projectId: string; assetId: string; status: TranscriptStatus };
  }
}

declare module '../../platform/jobs/queue.ts' {
  interface JobDefinitions {
    /** Transcribes one video or audio asset (its transcript row says 'queued'). */
    'transcripts.transcribe': { assetId: string };
  }
}

export {};
