import { useSyncExternalStore } from 'react';
import type { UploadState } from '@rushes/shared';
import { currentUploader, onUploader, type UploadFile } from './uploaderRef.ts';

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

/** Follows the uploader's state once it exists (it is made by the first upload, see uploaderRef.ts). */
let detach: (() => void) | null = null;

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    let off: (() => void) | null = null;
    const stopWaiting = onUploader(() => {
      const uppy = currentUploader()!.uppy;
      uppy.on('state-update', notify);
      off = () => uppy.off('state-update', notify);
      notify();
    });
    detach = () => {
      stopWaiting();
      off?.();
    };
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      detach?.();
      detach = null;
    }
  };
}

function getSnapshot(): UploadItem[] {
  if (stale) {
    // newest first
    const live = (currentUploader()?.uppy.getFiles() ?? []).map(itemOf).reverse();
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
    const uppy = currentUploader()?.uppy;
    const file = uppy?.getFile(id);
    if (uppy && file && !file.isPaused) uppy.pauseResume(id);
  },
  resume: (id: string) => {
    const uppy = currentUploader()?.uppy;
    const file = uppy?.getFile(id);
    if (!uppy || !file) return;
    if (file.isPaused) uppy.pauseResume(id);
    // after an error, 'Resume' retries: the server kept the parts sent so far
    else if (file.error) void uppy.retryUpload(id);
  },
  abort: (id: string) => {
    const uploader = currentUploader();
    const file = uploader?.uppy.getFile(id);
    if (!uploader || !file) return;
    cancelled = [{ ...itemOf(file), status: 'cancelled', abort: true }, ...cancelled];
    uploader.cancel(id);
    notify();
  },
  /** Removes finished, failed and cancelled items from the list (running ones stay). */
  clearDone: () => {
    const uppy = currentUploader()?.uppy;
    for (const file of uppy?.getFiles() ?? []) {
      const state = stateOf(file);
      if (state === 'finished') uppy!.removeFile(file.id);
    }
    cancelled = [];
    notify();
  },
};
