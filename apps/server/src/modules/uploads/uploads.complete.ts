import { and, eq, sql } from 'drizzle-orm';
import { INGEST_STATUS, MSG, type CompleteUploadAnswer, type CompleteUploadBody } from '@rushes/shared';
import { uploadSessions } from '../../db/schema/index.ts';
import { isBlobError, type UploadedPart } from '../../platform/blobs/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, badRequest, notFound } from '../../platform/http/errors.ts';
import { ensureFolderPath } from '../assets/index.ts';
import { lockProject } from '../projects/index.ts';
import { recordIngestedAsset } from './uploads.ingest.ts';
import { expectedPartSize, sessionOf, type UploadSessionRow } from './uploads.sessions.ts';
import { normalisePath } from './uploads.service.ts';

/**
 * A running completion touches its session's updated_at this often, and a 'completing' session
 * untouched for COMPLETING_TAKEOVER_MS was left by a crash (or a process that died mid-complete):
 * a retry takes it over. The window is several heartbeats wide, so a slow query or a busy event
 * loop does not hand a live completion to a second caller.
 */
const COMPLETING_HEARTBEAT_MS = 5_000;
const COMPLETING_TAKEOVER_MS = 30_000;

const conflict = () => new AppError(MSG.uploadAlreadyCompleted, { status: 409, errorcode: 409 });
const inProgress = () => new AppError(MSG.uploadCompleting, { status: 409, errorcode: 409 });
const unquote = (etag: string) => etag.replace(/^W\//, '').replace(/"/g, '').toLowerCase();

/**
 * Checks the client's part list against what the store holds: every part 1..part_count once, the
 * ETags the PUTs answered, each part exactly its expected size (so the total is the declared size).
 * `stored` is null when the driver cannot list parts (s3rver); the object's size is checked after.
 */
export function verifyParts(
  s: UploadSessionRow,
  given: CompleteUploadBody['parts'],
  stored: UploadedPart[] | null,
) {
  if (given.length !== s.partCount || given.some((p, i) => p.PartNumber !== i + 1)) {
    throw badRequest(MSG.uploadPartsMismatch);
  }
  if (!stored) return;
  const byNumber = new Map(stored.map((p) => [p.partNumber, p]));
  for (const part of given) {
    const have = byNumber.get(part.PartNumber);
    if (!have || unquote(have.etag) !== unquote(part.ETag)) throw badRequest(MSG.uploadPartsMismatch);
    const expected = expectedPartSize(s, part.PartNumber)!;
    if (have.size > expected) throw badRequest(MSG.uploadPartTooLarge);
    if (have.size !== expected) throw badRequest(MSG.uploadSizeMismatch);
  }
}

/**
 * Completion (spec 002 §7): folder_path, upload_id and each part's ETag and PartNumber. The parts are
 * verified, the store joins them, and only then one transaction makes the folders of folder_path,
 * the asset row (status inqueue), the project totals and the media job — so nothing half-written is
 * ever listed as an asset. A refused completion keeps the upload open to be fixed and retried.
 */
export function createCompleteUpload(
  ctx: AppContext,
  timing = { heartbeatMs: COMPLETING_HEARTBEAT_MS, takeoverMs: COMPLETING_TAKEOVER_MS },
) {
  const { db, blobs, events } = ctx;

  /**
   * open → completing, atomically: of two concurrent completions one runs, the other gets 409 'being
   * completed'; a completed session gets 409 'already complete'. A 'completing' session whose
   * heartbeat stopped is taken over.
   */
  async function claim(s: UploadSessionRow) {
    const stale = new Date(Date.now() - timing.takeoverMs);
    const [row] = await db
      .update(uploadSessions)
      .set({ status: 'completing', updatedAt: new Date() })
      .where(
        and(
          eq(uploadSessions.id, s.id),
          sql`(${uploadSessions.status} = 'open' or (${uploadSessions.status} = 'completing' and ${uploadSessions.updatedAt} < ${stale}))`,
        ),
      )
      .returning({ id: uploadSessions.id });
    if (row) return;
    const [now] = await db
      .select({ status: uploadSessions.status })
      .from(uploadSessions)
      .where(eq(uploadSessions.id, s.id));
    if (!now) throw notFound(MSG.uploadNotFound);
    throw now.status === 'completed' ? conflict() : inProgress();
  }

  /** Keeps updated_at fresh while this completion runs; the answer stops it (and waits for a write in flight). */
  function heartbeat(s: UploadSessionRow) {
    let inFlight: Promise<unknown> | null = null;
    const timer = setInterval(() => {
      if (inFlight) return;
      inFlight = db
        .update(uploadSessions)
        .set({ updatedAt: new Date() })
        .where(and(eq(uploadSessions.id, s.id), eq(uploadSessions.status, 'completing')))
        // A missed beat only shortens the takeover window; the completion itself goes on.
        .catch(() => undefined)
        .finally(() => (inFlight = null));
    }, timing.heartbeatMs);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await inFlight;
    };
  }

  /** Back to open, unless another completion (a takeover) has finished it meanwhile. */
  const release = (s: UploadSessionRow) =>
    db
      .update(uploadSessions)
      .set({ status: 'open', updatedAt: new Date() })
      .where(and(eq(uploadSessions.id, s.id), eq(uploadSessions.status, 'completing')));

  async function storedParts(s: UploadSessionRow): Promise<UploadedPart[] | null> {
    try {
      return await blobs.listParts(s.blobKey, s.blobUploadId);
    } catch (err) {
      if (isBlobError(err, 'NoSuchUpload')) {
        // Joined already by a completion that crashed before its transaction: the object is there.
        if (await blobs.headObject(s.blobKey)) return null;
        throw notFound(MSG.uploadNotFound);
      }
      // A store without ListParts (s3rver): the store's own checks and the size check below decide.
      if (blobs.driver === 's3') return null;
      throw err;
    }
  }

  async function join(s: UploadSessionRow, body: CompleteUploadBody) {
    try {
      await blobs.completeMultipartUpload(
        s.blobKey,
        s.blobUploadId,
        body.parts.map((p) => ({ partNumber: p.PartNumber, etag: p.ETag })),
      );
    } catch (err) {
      if (isBlobError(err, 'InvalidPart') || isBlobError(err, 'InvalidPartOrder')) {
        throw badRequest(MSG.uploadPartsMismatch);
      }
      // NoSuchUpload after a crash between join and commit: the object may already be whole.
      if (!(isBlobError(err, 'NoSuchUpload') && (await blobs.headObject(s.blobKey)))) throw err;
    }
    const head = await blobs.headObject(s.blobKey);
    if (!head || head.size !== s.sizeBytes) {
      await blobs.deleteObject(s.blobKey);
      throw badRequest(MSG.uploadSizeMismatch);
    }
  }

  async function finish(s: UploadSessionRow, body: CompleteUploadBody): Promise<CompleteUploadAnswer> {
    try {
      verifyParts(s, body.parts, await storedParts(s));
      await join(s, body);
    } catch (err) {
      await release(s);
      throw err;
    }

    try {
      const parentId = await events.transaction(db, async (tx, emit) => {
        if (!(await lockProject(tx, s.projectId))) throw notFound(MSG.projectNotFound);
        const newFolderParents: (string | null)[] = [];
        const folder = await ensureFolderPath(
          tx,
          { projectId: s.projectId, folderId: s.folderId, path: s.folderPath, userId: s.userId },
          newFolderParents,
        );
        // Still ours: a completion that lost its session to a takeover must not make a second asset.
        const [mine] = await tx
          .update(uploadSessions)
          .set({ status: 'completed', updatedAt: new Date() })
          .where(and(eq(uploadSessions.id, s.id), eq(uploadSessions.status, 'completing')))
          .returning({ id: uploadSessions.id });
        if (!mine) throw conflict();
        await recordIngestedAsset(
          tx,
          emit,
          {
            assetId: s.assetId,
            projectId: s.projectId,
            folder,
            filename: s.filename,
            mimeType: s.mimeType,
            extension: s.extension,
            sizeBytes: s.sizeBytes,
            blobKey: s.blobKey,
            userId: s.userId,
          },
          newFolderParents,
        );
        const parent = folder?.id ?? null;
        return parent;
      });
      ctx.jobs.wake();
      return {
        message: MSG.uploadCompleted,
        ingest_db_id: s.assetId,
        project_db_id: s.projectId,
        parent_db_id: parentId,
        status: INGEST_STATUS.inqueue,
      };
    } catch (err) {
      if (err instanceof AppError && err.status === 404) {
        // The target folder (or project) went away meanwhile: the joined object has no asset, so it goes too.
        await blobs.deleteObject(s.blobKey);
        await db.delete(uploadSessions).where(eq(uploadSessions.id, s.id));
      } else {
        // The object is whole; a retry finds it (storedParts/join accept an already joined upload).
        await release(s);
      }
      throw err;
    }
  }

  return async function complete(userId: string, body: CompleteUploadBody): Promise<CompleteUploadAnswer> {
    // can_upload_assets in the project: the route's policy, checked before the handler.
    const s = await sessionOf(db, userId, body.project_db_id, body.upload_id);
    if (s.status === 'completed') throw conflict();
    if (normalisePath(body.folder_path ?? '/') !== s.folderPath)
      throw badRequest(MSG.uploadFolderPathMismatch);
    await claim(s);
    const stopHeartbeat = heartbeat(s);
    try {
      return await finish(s, body);
    } finally {
      await stopHeartbeat();
    }
  };
}
