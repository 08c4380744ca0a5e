import type { AppContext } from '../../platform/context.ts';

/** A store multipart upload, as the store lists it. */
export interface StoreUpload {
  key: string;
  uploadId: string;
}

/**
 * Store multipart uploads that other modules hold outside upload sessions (a bucket import copies a
 * large object into one, for days if it must): the sweep of orphan uploads asks these before it
 * aborts any, so a running transfer's parts are not freed under it. A holder is asked once per
 * sweep with the whole batch and answers the upload ids it holds (one query, not one per upload).
 * Registered from the holder's manifest `listeners`, so uploads imports no module that builds on it.
 */
export type UploadHolder = (uploads: readonly StoreUpload[]) => Promise<ReadonlySet<string>>;

/** Per app (keyed by its event bus): tests build many apps in one process. */
const holders = new WeakMap<object, UploadHolder[]>();

/** Registers a module's check (from its manifest's `listeners`, at build). */
export function keepStoreUploads(ctx: AppContext, holder: UploadHolder) {
  holders.set(ctx.events, [...(holders.get(ctx.events) ?? []), holder]);
}

/** The upload ids of `uploads` that some registered module still holds. */
export async function heldByOtherModules(ctx: AppContext, uploads: readonly StoreUpload[]) {
  const held = new Set<string>();
  if (!uploads.length) return held;
  for (const holder of holders.get(ctx.events) ?? []) for (const id of await holder(uploads)) held.add(id);
  return held;
}
