import { useSyncExternalStore } from 'react';
import type { UploadState } from '@rushes/shared';
import { cancelUpload, getUploader, type UploadFile } from './uploader.ts';

/**
 * The Upload item of spec 002 §3 (ingest_db_id, asset_info.title, status, percentage, pause, abort,
 * total, completed) as the top-bar menu shows it; total and completed are bytes.
 */
export interface UploadItem {
  id: string;
  ingest_db_id: string | null;
  asset_info: { title: string };
  status: UploadState;
  percentage: number;
  pause: boolean;
  abort: boolean;
  total: number;
  completed: number;
  error: string | null;
  projectDbId: string;
}

/** Items the user cancelled stay listed ('User has cancelled') until cleared. */
let cancelled: UploadItem[] = [];
let snapshot: UploadItem[] = [];
let stale = true;
const listeners = new Set<() => void>();

/**
 * State of one file (spec 002 §4): pending 'In Queue' until its first byte, in progress with a
 * percentage, finished or error; paused shows 'Paused' and an error shows 'Error' unless paused.
 */
export function stateOf(file: UploadFile): UploadState {
  if (file.progress.uploadComplete) return 'finished';
  if (file.isPaused) return 'paused';
  if (file.error) return 'error';
  return (file.progress.bytesUploaded || 0) > 0 ? 'inprogress' : 'pending';
}

function itemOf(file: UploadFile): UploadItem {
  const status = stateOf(file);
  const total = file.size ?? 0;
  const completed = status === 'finished' ? total : Number(file.progress.bytesUploaded || 0);
  return {
    id: file.id,
    ingest_db_id: file.meta.ingestDbId,
    asset_info: { title: file.name },
    status,
    percentage: total > 0 ? Math.floor((completed / total) * 100) : status === 'finished' ? 100 : 0,
    pause: status === 'paused',
    abort: false,
    total,
    completed,
    error: file.error ?? null,
    projectDbId: file.meta.projectDbId,
  };
}

function notify(): void {
  stale = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  const uppy = getUploader();
  if (listeners.size === 0) uppy.on('state-update', notify);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) uppy.off('state-update', notify);
  };
}

function getSnapshot(): UploadItem[] {
  if (stale) {
    // newest first
    const live = getUploader().getFiles().map(itemOf).reverse();
    snapshot = [...live, ...cancelled];
    stale = false;
  }
  return snapshot;
}

/** The upload items of this tab, newest first. */
export function useUploadItems(): UploadItem[] {
  return useSyncExternalStore(subscribe, getSnapshot);
}

/** Anything not done yet: the leave-page warning applies (spec 002 §4). */
export const isUnfinished = (item: UploadItem) =>
  item.status === 'pending' || item.status === 'inprogress' || item.status === 'paused';

export const uploadActions = {
  pause: (id: string) => {
    const file = getUploader().getFile(id);
    if (file && !file.isPaused) getUploader().pauseResume(id);
  },
  resume: (id: string) => {
    const uppy = getUploader();
    const file = uppy.getFile(id);
    if (!file) return;
    if (file.isPaused) uppy.pauseResume(id);
    // after an error, 'Resume' retries: the server kept the parts sent so far
    else if (file.error) void uppy.retryUpload(id);
  },
  abort: (id: string) => {
    const file = getUploader().getFile(id);
    if (!file) return;
    cancelled = [{ ...itemOf(file), status: 'cancelled', abort: true }, ...cancelled];
    cancelUpload(id);
    notify();
  },
  /** Removes finished, failed and cancelled items from the list (running ones stay). */
  clearDone: () => {
    const uppy = getUploader();
    for (const file of uppy.getFiles()) {
      const state = stateOf(file);
      if (state === 'finished') uppy.removeFile(file.id);
    }
    cancelled = [];
    notify();
  },
};
