import AwsS3Multipart, { type AwsBody, type AwsS3MultipartOptions } from '@uppy/aws-s3';
import Uppy from '@uppy/core';
import { MSG, UPLOAD_PART_SIZE_MIN, partCountFor, partSizeFor } from '@rushes/shared';
import { ApiError, upgradeDataOf } from '../../api/client.ts';
import { openUpgradeModal } from '../../app/UpgradeModal.tsx';
import { uploadPartBytes } from './partBytes.ts';
import { isConnectionLost } from './partRetry.ts';
import type { PickedFile } from './pickFiles.ts';
import {
  abortUpload,
  completeUpload,
  listParts,
  signedUrlFor,
  startUpload,
  type UploadSession,
} from './protocol.ts';
import { fingerprint, resumeRecords } from './resumeRecords.ts';
import { setUploader, type UploadFile, type UploadMeta } from './uploaderRef.ts';

/**
 * The browser's uploader: one Uppy instance for the whole tab (uploads go on while the user moves
 * between pages), with Uppy's S3 multipart plugin mapped onto our upload API — no hand-written
 * chunking. The part size comes from the server's start answer, so each upload is started (or an
 * interrupted one found again) in a pre-processor, before Uppy cuts the file into parts.
 */

export type { UploadFile, UploadMeta } from './uploaderRef.ts';

/** Part PUTs and API calls in flight at once, across all files (spec: several parts in parallel). */
const PARALLEL_REQUESTS = 4;
/** Upload starts asked of the server at once while a big folder is prepared. */
const PARALLEL_STARTS = 4;

const sessions = new Map<string, UploadSession>();
/** The part size of each file's bytes, for getChunkSize (which Uppy calls with the Blob only). */
const partSizes = new WeakMap<Blob, number>();
type Listener = (event: { projectDbId: string; ingestDbId: string; resumeKey: string }) => void;
const completedListeners = new Set<Listener>();
/** Files the user cancelled: the only uploads whose server parts are freed. */
const cancelRequested = new Set<string>();
/** Files showing 'Error' because the connection was lost: they go on when the browser is back online. */
const connectionLost = new Set<string>();

async function freeServerUpload(fileId: string, resumeKey: string): Promise<void> {
  const session = sessions.get(fileId);
  sessions.delete(fileId);
  resumeRecords.remove(resumeKey);
  if (!session) return;
  await abortUpload(session).catch((error: unknown) => {
    // already gone on the server: nothing left to free
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  });
}

function sessionOf(file: UploadFile): UploadSession {
  const session = sessions.get(file.id);
  if (!session) throw new Error('This upload no longer exists');
  return session;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** An interrupted upload of this very file into this very place, still known to the server. */
async function findResumable(file: UploadFile, data: File): Promise<UploadSession | null> {
  const record = resumeRecords.get(file.meta.resumeKey);
  if (!record) return null;
  try {
    const parts = await listParts(file.meta.projectDbId, record.upload_id);
    if (parts.size !== data.size || parts.folder_path !== file.meta.folderPath) throw new Error('changed');
    return {
      uploadId: record.upload_id,
      ingestDbId: parts.ingest_db_id,
      partSize: parts.part_size,
      target: file.meta,
      urls: new Map(),
    };
  } catch {
    resumeRecords.remove(file.meta.resumeKey);
    return null;
  }
}

async function prepare(uppy: Uppy<UploadMeta, AwsBody>, file: UploadFile): Promise<void> {
  if (file.error || file.progress.uploadComplete) return;
  let session = sessions.get(file.id);
  // a retry after an error: the server still holds the parts sent so far
  let resume = Boolean(session);
  if (!session) {
    const data = file.data as File;
    const resumed = await findResumable(file, data);
    resume = Boolean(resumed);
    session = resumed ?? (await startUpload(file.meta, data));
    if (session.partSize < UPLOAD_PART_SIZE_MIN && data.size > UPLOAD_PART_SIZE_MIN) {
      // Uppy never cuts parts below S3's 5 MiB floor; the server would refuse every larger part
      void abortUpload(session).catch(() => undefined);
      throw new Error(MSG.somethingWentWrong);
    }
    if (cancelRequested.has(file.id)) {
      // cancelled while the server was starting it: free it at once
      void abortUpload(session).catch(() => undefined);
      return;
    }
    sessions.set(file.id, session);
    partSizes.set(data, session.partSize);
    uppy.setFileMeta(file.id, { ...file.meta, ingestDbId: session.ingestDbId });
    resumeRecords.save(file.meta.resumeKey, {
      upload_id: session.uploadId,
      ingest_db_id: session.ingestDbId,
      part_size: session.partSize,
    });
  }
  // An upload the server already holds parts of goes through Uppy's restore path, which asks
  // listParts and sends only the missing parts.
  if (resume)
    uppy.setFileState(file.id, {
      s3Multipart: { uploadId: session.uploadId, key: session.uploadId },
    } as Partial<UploadFile>);
}

/** Starts (or finds again) the server upload of each new file; a refusal marks that file 'Error'. */
function preProcessor(uppy: Uppy<UploadMeta, AwsBody>) {
  return async (fileIDs: string[]) => {
    const queue = [...fileIDs];
    let upgradeShown = false;
    const worker = async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        const file = uppy.getFile(id);
        if (!file) continue;
        try {
          await prepare(uppy, file);
        } catch (error) {
          const upgrade = upgradeDataOf(error);
          if (upgrade && !upgradeShown) {
            upgradeShown = true;
            openUpgradeModal(upgrade);
          }
          if (isConnectionLost(error)) connectionLost.add(id);
          uppy.setFileState(id, { error: messageOf(error) });
        }
      }
    };
    await Promise.all(Array.from({ length: PARALLEL_STARTS }, worker));
  };
}

function createUppy(): Uppy<UploadMeta, AwsBody> {
  const uppy = new Uppy<UploadMeta, AwsBody>({ autoProceed: true, allowMultipleUploadBatches: true });
  uppy.addPreProcessor(preProcessor(uppy));
  const options: AwsS3MultipartOptions<UploadMeta, AwsBody> = {
    shouldUseMultipart: true,
    limit: PARALLEL_REQUESTS,
    getChunkSize: (data: { size: number }) => partSizes.get(data as Blob) ?? partSizeFor(data.size),
    createMultipartUpload: async (file) => {
      // normally prepared already; after an abort-and-retry the server upload is started anew
      let session = sessions.get(file.id);
      if (!session) {
        session = await startUpload(file.meta, file.data as File);
        sessions.set(file.id, session);
      }
      return { uploadId: session.uploadId, key: session.uploadId };
    },
    signPart: async (file, { partNumber }) => {
      const session = sessionOf(file);
      const url = await signedUrlFor(session, partNumber, partCountFor(file.size ?? 0, session.partSize));
      return { method: 'PUT', url };
    },
    uploadPartBytes,
    listParts: async (file) => {
      const session = sessionOf(file);
      const answer = await listParts(session.target.projectDbId, session.uploadId);
      return answer.parts;
    },
    completeMultipartUpload: async (file, { parts }) => {
      const session = sessionOf(file);
      const done = await completeUpload(
        session,
        parts.map((p) => ({ PartNumber: p.PartNumber!, ETag: p.ETag! })),
      );
      resumeRecords.remove(file.meta.resumeKey);
      sessions.delete(file.id);
      for (const listener of completedListeners)
        listener({
          projectDbId: done.project_db_id,
          ingestDbId: done.ingest_db_id,
          resumeKey: file.meta.resumeKey,
        });
      return {};
    },
    // Uppy also aborts after a failed part or completion; only a user's cancel frees the parts,
    // so 'Resume' after an error sends just what is missing.
    abortMultipartUpload: async (file) => {
      if (!cancelRequested.has(file.id)) return;
      await freeServerUpload(file.id, file.meta.resumeKey);
    },
  };
  uppy.use(AwsS3Multipart<UploadMeta, AwsBody>, options);
  resumeWhenOnline(uppy);
  return uppy;
}

/**
 * An upload that failed because the connection was lost shows 'Error' (002 §4) and goes on by
 * itself when the browser is back online (Uppy's 'back-online'); the user may resume it before.
 */
function resumeWhenOnline(uppy: Uppy<UploadMeta, AwsBody>): void {
  uppy.on('upload-error', (file, error) => {
    if (file && isConnectionLost(error)) connectionLost.add(file.id);
  });
  const forget = (file: { id: string } | undefined) => {
    if (file) connectionLost.delete(file.id);
  };
  uppy.on('upload-retry', forget);
  uppy.on('upload-success', forget);
  uppy.on('file-removed', forget);
  uppy.on('back-online', () => {
    for (const id of [...connectionLost]) {
      connectionLost.delete(id);
      const file = uppy.getFile(id);
      if (file?.error && !file.isPaused) void uppy.retryUpload(id);
    }
  });
}

let instance: Uppy<UploadMeta, AwsBody> | null = null;

/** The tab's uploader, made on first use. */
export function getUploader(): Uppy<UploadMeta, AwsBody> {
  if (!instance) {
    instance = createUppy();
    setUploader({ uppy: instance, cancel: cancelUpload });
  }
  return instance;
}

/** Called after each completed upload (the asset now exists on the server). */
export function onUploadCompleted(listener: Listener): () => void {
  completedListeners.add(listener);
  return () => completedListeners.delete(listener);
}

/** Queues picked files into a project folder; each keeps its folder path inside a folder upload. */
export function addUploads(
  projectDbId: string,
  folderDbId: string | null,
  picked: readonly PickedFile[],
): string[] {
  const keys: string[] = [];
  const uppy = getUploader();
  for (const { file, folderPath } of picked) {
    const target = { projectDbId, folderDbId, folderPath };
    const resumeKey = fingerprint({
      ...target,
      name: file.name,
      size: file.size,
      lastModified: file.lastModified,
    });
    keys.push(resumeKey);
    // the same file into the same place while it is still listed: leave the existing item
    const existing = uppy.getFiles().find((f) => f.meta.resumeKey === resumeKey);
    if (existing && !existing.progress.uploadComplete) continue;
    if (existing) uppy.removeFile(existing.id);
    uppy.addFile({
      name: file.name,
      type: file.type,
      data: file,
      source: 'Local',
      // relativePath makes Uppy's file id unique per target and folder path
      meta: { ...target, ingestDbId: null, resumeKey, relativePath: resumeKey } as UploadMeta,
    });
  }
  return keys;
}

/**
 * The user's cancel (spec 002 §4 'User has cancelled'): stops the transfer and frees the parts on
 * the server, whether the upload was queued, running, paused or failed.
 */
export function cancelUpload(fileId: string): void {
  const uppy = getUploader();
  const file = uppy.getFile(fileId);
  if (!file || file.progress.uploadComplete) return;
  cancelRequested.add(fileId);
  // with a running uploader Uppy calls abortMultipartUpload; otherwise the parts are freed here
  uppy.removeFile(fileId);
  void freeServerUpload(fileId, file.meta.resumeKey).catch(() => undefined);
}
