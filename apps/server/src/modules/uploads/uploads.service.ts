import { randomUUID } from 'node:crypto';
import { and, desc, eq, ne } from 'drizzle-orm';
import {
  MSG,
  UPLOAD_SIGN_BATCH_MAX,
  partCountFor,
  partSizeFor,
  unsupportedReason,
  normaliseFilename,
  extensionOf,
  type AbortUploadBody,
  type ListPartsAnswer,
  type SignPartsBody,
  type StartUploadAnswer,
  type UploadSession,
} from '@rushes/shared';
import type { z } from 'zod';
import type { startUploadBody } from '@rushes/shared';
import { uploadSessions } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, AppError, notFound } from '../../platform/http/errors.ts';
import { iso } from '../../db/rows.ts';
import { folderIn, originalKey } from '../assets/index.ts';
import { freePartsLater } from './uploads.jobs.ts';
import { assertStorageRoom } from './uploads.quota.ts';
import { sessionOf, signParts, type UploadSessionRow } from './uploads.sessions.ts';

/** The part of a request's pino logger the uploads module uses. */
type ErrorLogger = { error(obj: object, msg?: string): void };

type StartBody = z.output<typeof startUploadBody>;

/**
 * The upload protocol (spec 002 §7 Uploads) up to completion: start, sign more parts, list the
 * stored parts, list unfinished uploads, abort. Every call needs can_upload_assets in the project
 * (docs/decisions/0009-uploads-and-media.md), and a session belongs to the user who started it.
 */
export function createUploadsService(ctx: AppContext) {
  const { db, blobs, config } = ctx;
  const ttl = config.UPLOAD_URL_TTL_SECONDS;

  // Who may (can_upload_assets in the project) is every upload route's policy,
  // projects.canWriteAssets, checked before the handler.
  return {
    async start(userId: string, body: StartBody, log?: ErrorLogger): Promise<StartUploadAnswer> {
      const info = body.data.file_info;
      // The browser checks the same rule; the server is the one that counts.
      const reason = unsupportedReason(info.filename, info.folder_path);
      if (reason === 'restricted_extension') throw badRequest(MSG.uploadRestricted);
      if (reason) throw badRequest(MSG.uploadNameInvalid);
      const folderId = body.folder_db_id ?? null;
      if (folderId) await folderIn(db, body.project_db_id, folderId);

      const assetId = randomUUID();
      const key = originalKey(body.project_db_id, assetId);
      const partSize = partSizeFor(info.size, config.UPLOAD_PART_SIZE);
      const partCount = partCountFor(info.size, partSize);
      // The name and extension as Windows would save the file ('clip.mp4.' is 'clip.mp4'); the
      // client's `extension` field is ignored, so it cannot disguise a file ('x.png' with 'exe').
      const filename = normaliseFilename(info.filename);
      const extension = extensionOf(filename).slice(0, 20);

      // Quota first (cheap refusal), then the blob upload, then the session row in the same transaction.
      // The store is not part of that transaction: when the insert or the commit fails, the store's
      // upload would be left with no row to find it by, so it is aborted here (best-effort).
      let created = null as string | null;
      let session: UploadSessionRow;
      try {
        session = await db.transaction(async (tx) => {
          await assertStorageRoom(tx, body.project_db_id, info.size);
          const { uploadId } = await blobs.createMultipartUpload(key, { contentType: info.mime_type });
          created = uploadId;
          const [row] = await tx
            .insert(uploadSessions)
            .values({
              projectId: body.project_db_id,
              userId,
              folderId,
              folderPath: normalisePath(info.folder_path),
              assetId,
              blobKey: key,
              blobUploadId: uploadId,
              filename,
              extension,
              mimeType: info.mime_type,
              sizeBytes: info.size,
              partSize,
              partCount,
            })
            .returning();
          return row;
        });
      } catch (err) {
        if (created) {
          // The caller gets the original error; a failed abort is only logged (the store keeps the parts).
          await blobs.abortMultipartUpload(key, created).catch((abortErr: unknown) => {
            log?.error({ err: abortErr, key }, 'abort of an unrecorded multipart upload failed');
          });
        }
        throw err;
      }
      const first = Array.from({ length: Math.min(partCount, UPLOAD_SIGN_BATCH_MAX) }, (_, i) => i + 1);
      const signed = await signParts(blobs, session, first, ttl);
      return {
        upload_id: session.id,
        ingest_db_id: assetId,
        project_db_id: body.project_db_id,
        part_size: partSize,
        part_count: partCount,
        ...signed,
      };
    },

    async signMore(userId: string, body: SignPartsBody) {
      const s = await openSession(userId, body.project_db_id, body.upload_id);
      return signParts(blobs, s, body.part_numbers, ttl);
    },

    /** What the blob store holds for this upload: the client resends only the rest. */
    async parts(userId: string, projectId: string, uploadId: string): Promise<ListPartsAnswer> {
      const s = await openSession(userId, projectId, uploadId);
      const stored = await blobs.listParts(s.blobKey, s.blobUploadId);
      return {
        upload_id: s.id,
        ingest_db_id: s.assetId,
        filename: s.filename,
        folder_path: s.folderPath,
        size: s.sizeBytes,
        part_size: s.partSize,
        part_count: s.partCount,
        parts: stored.map((p) => ({ PartNumber: p.partNumber, ETag: p.etag, Size: p.size })),
      };
    },

    async sessions(userId: string, projectId: string): Promise<{ uploads: UploadSession[] }> {
      const rows = await db
        .select()
        .from(uploadSessions)
        .where(
          and(
            eq(uploadSessions.projectId, projectId),
            eq(uploadSessions.userId, userId),
            ne(uploadSessions.status, 'completed'),
          ),
        )
        .orderBy(desc(uploadSessions.createdAt))
        .limit(500);
      return {
        uploads: rows.map((s) => ({
          upload_id: s.id,
          ingest_db_id: s.assetId,
          filename: s.filename,
          folder_path: s.folderPath,
          folder_db_id: s.folderId,
          size: s.sizeBytes,
          part_size: s.partSize,
          part_count: s.partCount,
          created_on: iso(s.createdAt),
        })),
      };
    },

    /** Abort (spec 002 §4 'User has cancelled'): parts freed, session gone; a second abort is a 404. */
    async abort(userId: string, body: AbortUploadBody) {
      const s = await openSession(userId, body.project_db_id, body.upload_id);
      // The row goes with a queued job that frees the parts, so a crash right after cannot lose them.
      const gone = await db.transaction(async (tx) => {
        const [row] = await tx
          .delete(uploadSessions)
          .where(and(eq(uploadSessions.id, s.id), eq(uploadSessions.status, 'open')))
          .returning({ id: uploadSessions.id });
        if (row) await freePartsLater(ctx, tx, s);
        return row;
      });
      if (!gone) {
        // Not open any more: completed, or a completion is running (it may still fail and reopen it).
        const [now] = await db
          .select({ status: uploadSessions.status })
          .from(uploadSessions)
          .where(eq(uploadSessions.id, s.id));
        if (!now) throw notFound(MSG.uploadNotFound);
        const text = now.status === 'completed' ? MSG.uploadAlreadyCompleted : MSG.uploadCompleting;
        throw new AppError(text, { status: 409, errorcode: 409 });
      }
      // Freed now, so the disk space is back at once; the queued job repeats it harmlessly.
      await blobs.abortMultipartUpload(s.blobKey, s.blobUploadId);
      return { message: MSG.userCancelled };
    },
  };

  /** An open session of the caller: completed ones answer 409 'This upload is already complete'. */
  async function openSession(userId: string, projectId: string, uploadId: string) {
    const s = await sessionOf(db, userId, projectId, uploadId);
    if (s.status === 'completed')
      throw new AppError(MSG.uploadAlreadyCompleted, { status: 409, errorcode: 409 });
    return s;
  }
}

/** '/A/B' without a trailing slash; '/' for the target folder itself. */
export const normalisePath = (p: string) => {
  const segments = p.split('/').filter(Boolean);
  return segments.length ? `/${segments.join('/')}` : '/';
};
