import type { S3Client } from '@aws-sdk/client-s3';
import type { AppContext } from '../../platform/context.ts';
import { pendingItems, type TransferItemRow, type TransferRun } from '../transfers/index.ts';
import { integrationOf } from './integrations.rows.ts';
import { s3ClientFor } from './s3client.ts';

/**
 * The run of a bucket transfer, import or export: a client of the transfer's integration, then each
 * item not done yet, in order, with a cancel check before it; so a restart resumes at the first item
 * not done. `each` moves one item's bytes.
 */
export function bucketRunner(
  ctx: AppContext,
  each: (item: TransferItemRow, bucket: { s3: S3Client; name: string }, run: TransferRun) => Promise<void>,
) {
  return async (run: TransferRun) => {
    const row = await integrationOf(ctx.db, run.transfer.integrationId ?? '');
    const s3 = s3ClientFor(ctx, row);
    const name = String(run.transfer.options.bucket);
    for (const item of await pendingItems(ctx.db, run.transfer.id)) {
      await run.checkCancelled();
      await each(item, { s3, name }, run);
    }
  };
}
