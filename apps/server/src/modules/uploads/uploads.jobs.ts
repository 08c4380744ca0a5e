import { sql } from 'drizzle-orm';
import { projects, uploadSessions, users } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { textArray } from '../../db/rows.ts';
import type { AppContext } from '../../platform/context.ts';
import type { JobData, JobHandler } from '../../platform/jobs/queue.ts';
import type { UploadSessionRow } from './uploads.sessions.ts';
import type {} from '../media/index.ts';
import { nextClockHour } from '../../platform/jobs/hourly.ts';
import { heldByOtherModules } from './uploads.holders.ts';

const BATCH = 200;
/** Store uploads looked at per hourly sweep (the rest wait for the next hour). */
const ORPHAN_BATCH = 1000;

/** One cleanup per clock hour across the cluster (the hour is the singleton key). */
export function scheduleUploadsCleanup(ctx: AppContext, from = Date.now()) {
  return ctx.jobs.enqueue(ctx.db, 'uploads.cleanup', {}, nextClockHour('uploads.cleanup', from));
}

/**
 * Unfinished uploads untouched for UPLOAD_STALE_HOURS, and those of deleted projects or deleted
 * users (no foreign keys, so their rows outlive them), are aborted: their parts freed, their storage
 * reservation released. Completed sessions are forgotten after the same time. Then store uploads
 * that no session knows are swept.
 */
export async function cleanupStaleUploads(ctx: AppContext, now = Date.now()) {
  const before = new Date(now - ctx.config.UPLOAD_STALE_HOURS * 3_600_000);
  for (;;) {
    const count = await ctx.db.transaction(async (tx) => {
      const stale = await tx
        .delete(uploadSessions)
        .where(
          sql`${uploadSessions.id} in (select s.id from ${uploadSessions} s where s.updated_at < ${before}
          or not exists (select 1 from ${projects} p where p.id = s.project_id)
          or not exists (select 1 from ${users} u where u.id = s.user_id) limit ${BATCH})`,
        )
        .returning();
      for (const s of stale) if (s.status !== 'completed') await freePartsLater(ctx, tx, s);
      return stale.length;
    });
    if (count) ctx.jobs.wake();
    if (count < BATCH) break;
  }
  await sweepOrphanUploads(ctx, before);
}

/**
 * Store uploads no session knows (the process died between the store's create and the commit of
 * the session row, or a row was lost) and older than the stale cutoff are aborted. Younger ones may
 * belong to a start still in its transaction. Uploads another module holds (a bucket import still
 * running: uploads.holders.ts) are kept. The sessions and the holders are asked once for the whole
 * batch (up to ORPHAN_BATCH uploads), not once per upload.
 */
export async function sweepOrphanUploads(ctx: AppContext, startedBefore: Date) {
  const found = (await ctx.blobs.listUploads?.(startedBefore, ORPHAN_BATCH)) ?? [];
  if (!found.length) return 0;
  const pair = (key: string, uploadId: string) => JSON.stringify([key, uploadId]);
  // by blob key (upload_sessions_blob_key_idx); the upload id is matched here
  const known = new Set(
    (
      await ctx.db
        .select({ key: uploadSessions.blobKey, uploadId: uploadSessions.blobUploadId })
        .from(uploadSessions)
        .where(sql`${uploadSessions.blobKey} = any(${textArray(found.map((u) => u.key))})`)
    ).map((s) => pair(s.key, s.uploadId)),
  );
  const orphans = found.filter((u) => !known.has(pair(u.key, u.uploadId)));
  const held = await heldByOtherModules(ctx, orphans);
  let freed = 0;
  for (const u of orphans) {
    if (held.has(u.uploadId)) continue;
    await ctx.blobs.abortMultipartUpload(u.key, u.uploadId);
    freed++;
  }
  return freed;
}

/**
 * Queues the freeing of an unfinished upload's parts, in the transaction that forgets its session:
 * the job holds the store's upload id from the moment the row is gone (abort is idempotent).
 */
export function freePartsLater(
  ctx: AppContext,
  tx: DbOrTx,
  s: Pick<UploadSessionRow, 'blobKey' | 'blobUploadId'>,
) {
  return ctx.jobs.enqueue(tx, 'uploads.free_parts', { blobKey: s.blobKey, blobUploadId: s.blobUploadId });
}

/** The 'uploads.free_parts' handler (declared by the uploads manifest). */
export function freePartsJob(ctx: AppContext): JobHandler<JobData<'uploads.free_parts'>> {
  return async ({ blobKey, blobUploadId }) => {
    await ctx.blobs.abortMultipartUpload(blobKey, blobUploadId);
  };
}

/** The 'uploads.cleanup' handler (declared by the uploads manifest). */
export function uploadsCleanupJob(ctx: AppContext) {
  return async () => {
    await cleanupStaleUploads(ctx);
    await scheduleUploadsCleanup(ctx);
  };
}
