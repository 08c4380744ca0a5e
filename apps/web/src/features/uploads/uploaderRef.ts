import type { AwsBody } from '@uppy/aws-s3';
import type Uppy from '@uppy/core';
import type { UppyFile } from '@uppy/core';
import type { UploadTarget } from './protocol.ts';

/** What each file of the uploader carries (uploader.ts re-exports these). */
export interface UploadMeta extends UploadTarget {
  [key: string]: unknown;
  ingestDbId: string | null;
  resumeKey: string;
}
export type UploadFile = UppyFile<UploadMeta, AwsBody>;

/**
 * The tab's uploader once it exists, without loading it: the shell's upload dock and leave-page
 * warning read the upload list through this, so Uppy loads with the first upload (the project
 * page's pickers), not with every logged-in page.
 */
export interface UploaderHandle {
  uppy: Uppy<UploadMeta, AwsBody>;
  cancel(fileId: string): void;
}

let current: UploaderHandle | null = null;
const ready = new Set<() => void>();

export function setUploader(handle: UploaderHandle): void {
  current = handle;
  for (const listener of [...ready]) listener();
}

export function currentUploader(): UploaderHandle | null {
  return current;
}

/** Calls `listener` when the uploader is made (now if it exists); returns the unsubscribe. */
export function onUploader(listener: () => void): () => void {
  if (current) {
    listener();
    return () => undefined;
  }
  ready.add(listener);
  return () => ready.delete(listener);
}
