/**
 * Domain events of uploads and the media pipeline (declaration merging into DomainEvents); the
 * realtime mapper sends them to the project room as asset_status.
 */
declare module '../../platform/events/bus.ts' {
  interface DomainEvents {
    /** An asset's ingest status changed (spec 002 §3 codes). */
    'asset.status': {
      projectId: string;
      assetId: string;
      parentId: string | null;
      status: number;
      /** What processing found (absent before it ran: the upload's own 'in queue'). */
      fileType?: string | null;
    };
  }
}

declare module '../../platform/jobs/queue.ts' {
  interface JobDefinitions {
    /** Sniff, probe, thumbnail and proxy one uploaded asset. */
    'media.process': { assetId: string };
    /** the hover-scrub sprite sheet of a processed video */
    'media.sprite': { assetId: string };
    /** Probes the frame rate of finished videos stored without one, a batch after `after`. */
    'media.backfill_frame_rate': { after?: string };
    /** Makes the sprite sheets of finished videos processed before sheets existed, a batch after `after`. */
    'media.backfill_sprites': { after?: string };
    /** Aborts unfinished uploads nobody touched for UPLOAD_STALE_HOURS; reschedules itself hourly. */
    'uploads.cleanup': Record<string, never>;
    /**
     * Frees a forgotten upload's parts in the store; enqueued in the transaction that deletes its
     * session row, so a crash in between cannot lose the store's upload id.
     */
    'uploads.free_parts': { blobKey: string; blobUploadId: string };
  }
}

export {};
