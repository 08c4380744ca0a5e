import type { AppContext } from '../../platform/context.ts';
import { registerTransferRunner, transferHeldUploads } from '../transfers/index.ts';
import { keepStoreUploads } from '../uploads/index.ts';
import { exportRunner } from './bucketExport.ts';
import { importRunner } from './bucketImport.ts';

export function registerBucketRunners(ctx: AppContext) {
  registerTransferRunner(ctx, 'import', importRunner(ctx));
  registerTransferRunner(ctx, 'export', exportRunner(ctx));
  // An import copies a large object into a store upload that no upload session knows: the hourly
  // sweep keeps it while its transfer may still run (docs/decisions/0028-integrations-and-transfers.md).
  keepStoreUploads(ctx, (uploads) =>
    transferHeldUploads(
      ctx.db,
      uploads.map((u) => u.uploadId),
    ),
  );
}
