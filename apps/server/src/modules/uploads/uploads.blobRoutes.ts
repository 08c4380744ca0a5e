import type { AppContext } from '../../platform/context.ts';
import { fsBlobRoutes, type FsBlobStore } from '../../platform/blobs/index.ts';
import { partLimits } from './uploads.sessions.ts';

/**
 * With the fs blob driver the server itself receives the signed part PUTs; each part may carry
 * exactly its upload's part size (checked before writing). With S3 the parts go to the bucket.
 */
export function blobPartRoutes(ctx: AppContext) {
  if (ctx.config.BLOB_DRIVER !== 'fs') return async () => {};
  return fsBlobRoutes(ctx.blobs as FsBlobStore, {
    maxPartBytes: 5 * 1024 ** 3,
    partLimit: partLimits(ctx.db),
  });
}
