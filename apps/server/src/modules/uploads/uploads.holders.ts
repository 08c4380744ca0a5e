import type { AppContext } from '../../platform/context.ts';

/**
 * Store multipart uploads that other modules hold outside upload sessions (a bucket import copies a
 * large object into one, for days if it must): the sweep of orphan uploads asks these before it
 * aborts one, so a running transfer's parts are not freed under it. Registered from the holder's
 * manifest `listeners`, so uploads imports no module that builds on it.
 */
export type UploadHolder = (upload: { key: string; uploadId: string }) => Promise<boolean>;

/** Per app (keyed by its event bus): tests build many apps in one process. */
const holders = new WeakMap<object, UploadHolder[]>();

/** Registers a module's check (from its manifest's `listeners`, at build). */
export function keepStoreUploads(ctx: AppContext, holder: UploadHolder) {
  holders.set(ctx.events, [...(holders.get(ctx.events) ?? []), holder]);
}

/** Whether some registered module still holds this upload. */
export async function heldByAnotherModule(ctx: AppContext, upload: { key: string; uploadId: string }) {
  for (const holder of holders.get(ctx.events) ?? []) if (await holder(upload)) return true;
  return false;
}
