import { INGEST_STATUS, type TranscriptStatus } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { extendLock } from '../../platform/jobs/jobStore.ts';
import type { JobData, JobHandler, JobInfo } from '../../platform/jobs/queue.ts';
import type { ModuleLog } from '../../platform/modules.ts';
import { findFileAsset } from '../assets/index.ts';
import { teamOfProject } from '../projects/index.ts';
import { createTranscribeEngine, TranscribeFailure, type TranscribeEngine } from './transcripts.engine.ts';
import './transcripts.events.ts';
import { transcribeJobKey } from './transcripts.service.ts';
import {
  findTranscript,
  languageOf,
  allowanceUsedUp,
  queueTranscript,
  saveTranscript,
  setStatus,
} from './transcripts.store.ts';

/**
 * Transcription as a step after the media pipeline: when an asset's processing finished (its
 * thumbnail, duration and proxy are there, so nothing waits on this), a video or audio asset gets a
 * queued transcript and a 'transcripts.transcribe' job. The job decides what becomes of it: not set
 * up (no service), no audio, over the team's minutes, or done; a 5xx or a timeout is retried by the
 * queue and, after the last try, the transcript is failed with a short error.
 */

/** A signed URL of the original outlives the longest transcription (every piece re-reads it). */
const SOURCE_URL_SECONDS = 12 * 3600;
/** A long recording (many pieces) outlasts the queue's 300 s lock: the claim is kept alive. */
const HEARTBEAT_EVERY_MS = 60_000;
const HEARTBEAT_LOCK_SECONDS = 300;

const transcribable = (fileType: string) => fileType === 'video' || fileType === 'audio';

/** Status changes tell the project room, so an open panel refetches. */
async function changeStatus(
  ctx: AppContext,
  t: { projectId: string; assetId: string },
  status: TranscriptStatus,
  error: string | null = null,
) {
  await ctx.events.transaction(ctx.db, async (tx, emit) => {
    if (await setStatus(tx, t.assetId, status, error))
      emit('transcript.status', { projectId: t.projectId, assetId: t.assetId, status });
  });
}

/** Durable: queues the transcript of a video or audio asset whose processing finished. */
export function queueOnReady(ctx: AppContext) {
  ctx.events.on(
    'asset.status',
    async ({ assetId, projectId }) => {
      const asset = await findFileAsset(ctx.db, assetId);
      if (!asset || !transcribable(asset.fileType)) return;
      // 'finished' is said again (the sprite sheet, copies sharing the file): one transcript is enough.
      if (await findTranscript(ctx.db, assetId)) return;
      const teamId = await teamOfProject(ctx.db, projectId);
      await ctx.events.transaction(ctx.db, async (tx, emit) => {
        await queueTranscript(tx, { assetId, projectId, teamId });
        await ctx.jobs.enqueue(
          tx,
          'transcripts.transcribe',
          { assetId },
          { singletonKey: transcribeJobKey(assetId) },
        );
        emit('transcript.status', { projectId, assetId, status: 'queued' });
      });
      ctx.jobs.wake();
    },
    {
      durable: true,
      id: 'transcripts.queue_on_ready',
      // A still or a document has no speech: no job for it (one per upload otherwise).
      when: ({ status, fileType }) =>
        status === INGEST_STATUS.finished && (fileType == null || transcribable(fileType)),
    },
  );
}

/** transcript.status → transcript_status in the project room (clients refetch through the API). */
export function registerTranscriptMappers(ctx: AppContext) {
  ctx.events.on('transcript.status', ({ projectId, assetId, status }) =>
    ctx.realtime.toRoom(`project:${projectId}`, 'transcript_status', {
      project_db_id: projectId,
      ingest_db_id: assetId,
      status,
    }),
  );
}

export function transcribeJob(
  ctx: AppContext,
  log: ModuleLog,
  engineOf: (ctx: AppContext) => TranscribeEngine = (c) => createTranscribeEngine(c.config),
): JobHandler<JobData<'transcripts.transcribe'>> {
  const { db, config } = ctx;
  let engine: TranscribeEngine | undefined;

  return async ({ assetId }, job: JobInfo) => {
    const found = await findTranscript(db, assetId);
    // Deleted, or already settled by an earlier run of a duplicate job.
    if (!found || (found.transcript.status !== 'queued' && found.transcript.status !== 'running')) return;
    const t = found.transcript;
    if (!config.transcribeConfigured) return changeStatus(ctx, t, 'not_set_up');
    const asset = await findFileAsset(db, assetId);
    if (!asset?.blobKey) return;
    if (!transcribable(asset.fileType)) return changeStatus(ctx, t, 'no_audio');
    if (t.teamId && (await allowanceUsedUp(db, t.teamId, config.TRANSCRIBE_TEAM_MINUTES_PER_MONTH)))
      return changeStatus(ctx, t, 'limit');
    if (t.status !== 'running') await changeStatus(ctx, t, 'running');

    let result;
    const heartbeat = setInterval(() => {
      extendLock(db, job, HEARTBEAT_LOCK_SECONDS).catch((err: unknown) =>
        log.warn({ assetId, err: String(err) }, 'transcription heartbeat failed'),
      );
    }, HEARTBEAT_EVERY_MS);
    try {
      const source = await ctx.blobs.mediaSource(asset.blobKey, { expiresInSeconds: SOURCE_URL_SECONDS });
      const language = await languageOf(db, t.projectId);
      engine ??= engineOf(ctx);
      result = await engine.transcribe(
        { input: source.input, protocols: source.protocols },
        language,
        asset.durationSeconds,
      );
    } catch (err) {
      const last = !(err instanceof TranscribeFailure && err.retry) || job.attempts >= job.maxAttempts;
      if (!(err instanceof TranscribeFailure)) {
        if (job.attempts >= job.maxAttempts)
          await changeStatus(ctx, t, 'failed', 'the transcription could not run');
        throw err;
      }
      // Only the short text: the service's error object holds the request (and its headers).
      log.warn({ assetId, attempt: job.attempts, reason: err.message, retry: !last }, 'transcription failed');
      if (last) return changeStatus(ctx, t, 'failed', err.message);
      throw new Error(err.message, { cause: err });
    } finally {
      clearInterval(heartbeat);
    }
    if (result.kind === 'no_audio') return changeStatus(ctx, t, 'no_audio');
    await ctx.events.transaction(db, async (tx, emit) => {
      const saved = await saveTranscript(tx, assetId, {
        language: result.language,
        engine: result.engine,
        durationMs: result.durationMs,
        words: result.words,
        usageSeconds: result.seconds,
      });
      if (saved) emit('transcript.status', { projectId: t.projectId, assetId, status: 'done' });
    });
  };
}
