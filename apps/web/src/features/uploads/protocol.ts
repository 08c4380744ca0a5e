import {
  UPLOAD_SIGN_BATCH_MAX,
  extensionOf,
  partUrlFrom,
  type CompleteUploadAnswer,
  type ListPartsAnswer,
  type SignedPart,
} from '@rushes/shared';
import { uploadsRoutes } from '@rushes/shared/routes/assets';
import { call } from '../../api/client.ts';

/**
 * The chunked-upload protocol of spec 002 §7 (UPLOAD_CONTRACT): start → PUT parts to signed URLs →
 * complete; sign-parts for more URLs, parts to resume, abort to cancel. Uppy's S3 multipart plugin
 * drives it (uploader.ts); this file only speaks to our API and keeps the signed URLs handed out.
 */

/** Where a file goes: the project, the folder the user is in, and its path inside a folder upload. */
export interface UploadTarget {
  projectDbId: string;
  folderDbId: string | null;
  folderPath: string;
}

/** One upload on the server, as this tab knows it. */
export interface UploadSession {
  uploadId: string;
  ingestDbId: string;
  partSize: number;
  target: UploadTarget;
  /**
   * signed part URLs not used yet, with their expiry (ms); the URL continues the part from the
   * bytes the server kept of it when it has any (partUrlFrom)
   */
  urls: Map<number, { url: string; expiresAt: number }>;
}

/** A signed URL is not used in its last minute: the PUT of a big part may take that long to start. */
const EXPIRY_MARGIN_MS = 60_000;

function keepUrls(session: UploadSession, parts: SignedPart[], expiresAt: string): void {
  const expiry = Date.parse(expiresAt) || Date.now() + 5 * 60_000;
  for (const part of parts)
    session.urls.set(part.PartNumber, { url: partUrlFrom(part.url, part.offset), expiresAt: expiry });
}

export async function startUpload(target: UploadTarget, file: File): Promise<UploadSession> {
  const answer = await call(uploadsRoutes.start, {
    project_db_id: target.projectDbId,
    folder_db_id: target.folderDbId,
    data: {
      upload_status: 'started',
      file_info: {
        filename: file.name,
        folder_path: target.folderPath,
        extension: extensionOf(file.name),
        size: file.size,
        mime_type: file.type || 'application/octet-stream',
      },
    },
  });
  const session: UploadSession = {
    uploadId: answer.upload_id,
    ingestDbId: answer.ingest_db_id,
    partSize: answer.part_size,
    target,
    urls: new Map(),
  };
  keepUrls(session, answer.parts, answer.expires_at);
  return session;
}

export function listParts(projectDbId: string, uploadId: string): Promise<ListPartsAnswer> {
  return call(uploadsRoutes.parts, { project_db_id: projectDbId, upload_id: uploadId });
}

/** The signed URL of one part: from the batch already handed out, else a new batch from this part on. */
export async function signedUrlFor(session: UploadSession, partNumber: number, partCount: number) {
  const kept = session.urls.get(partNumber);
  // each URL serves one PUT; a retry of the part asks again
  session.urls.delete(partNumber);
  if (kept && kept.expiresAt - EXPIRY_MARGIN_MS > Date.now()) return kept.url;
  const last = Math.min(partCount, partNumber + UPLOAD_SIGN_BATCH_MAX - 1);
  const numbers = Array.from({ length: last - partNumber + 1 }, (_, i) => partNumber + i);
  const answer = await call(uploadsRoutes.signParts, {
    project_db_id: session.target.projectDbId,
    upload_id: session.uploadId,
    part_numbers: numbers,
  });
  keepUrls(session, answer.parts, answer.expires_at);
  const fresh = session.urls.get(partNumber);
  session.urls.delete(partNumber);
  if (!fresh) throw new Error(`no signed URL for part ${partNumber}`);
  return fresh.url;
}

export function completeUpload(
  session: UploadSession,
  parts: { PartNumber: number; ETag: string }[],
): Promise<CompleteUploadAnswer> {
  return call(uploadsRoutes.complete, {
    project_db_id: session.target.projectDbId,
    upload_id: session.uploadId,
    folder_path: session.target.folderPath,
    parts: [...parts].sort((a, b) => a.PartNumber - b.PartNumber),
  });
}

export function abortUpload(session: UploadSession): Promise<unknown> {
  return call(uploadsRoutes.abort, {
    project_db_id: session.target.projectDbId,
    upload_id: session.uploadId,
  });
}
