import type { AppContext } from '../../platform/context.ts';
import { saveItemParts, type TransferItemRow } from '../transfers/index.ts';

/**
 * Where a transfer item's multipart write stands: the upload it writes into (null until made) and
 * the parts that upload already holds. The write mutates it as it goes.
 */
export interface PartsProgress {
  uploadId: string | null;
  parts: TransferItemRow['parts'];
}

/**
 * Runs `write`, a transfer item's multipart write resumed from the upload id and parts recorded on
 * the item. The store that holds the unfinished upload may have dropped it in between: our store
 * for an import (the filesystem store's sweep of old uploads, an S3 lifecycle rule), the customer's
 * bucket for an export (a lifecycle rule that aborts incomplete multipart uploads). Its parts went
 * with it, so when `vanished(err)` says the store no longer knows the upload, the recorded parts are
 * forgotten (their bytes uncounted) and `write` runs again from the first part into a fresh upload.
 * Only once per run: a store that loses a fresh upload too is a failure to report (the run fails with
 * that error, as any other; its retry gets one restart of its own).
 */
export async function restartOnceIfUploadVanished(
  ctx: AppContext,
  item: TransferItemRow,
  size: number,
  vanished: (err: unknown) => boolean,
  write: (progress: PartsProgress) => Promise<void>,
) {
  const progress: PartsProgress = { uploadId: item.uploadId, parts: [...item.parts] };
  try {
    await write(progress);
  } catch (err) {
    if (!vanished(err)) throw err;
    const counted = Math.min(size, progress.parts.length * ctx.config.TRANSFER_PART_SIZE);
    await saveItemParts(ctx.db, item, null, [], -counted);
    Object.assign(progress, { uploadId: null, parts: [] });
    await write(progress);
  }
}
