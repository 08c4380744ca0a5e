import type { BlobStore } from './blobStore.ts';
import { FsBlobStore, type FsBlobStoreOptions } from './fsBlobStore.ts';
import { S3BlobStore, type S3BlobStoreOptions } from './s3BlobStore.ts';

export type BlobStoreConfig =
  ({ driver: 'fs' } & FsBlobStoreOptions) | ({ driver: 's3' } & S3BlobStoreOptions);

/**
 * The configured blob store. With the fs driver, also register `fsBlobRoutes(store)` so the
 * server answers the signed part and download URLs it hands out.
 */
export function createBlobStore(config: { driver: 'fs' } & FsBlobStoreOptions): FsBlobStore;
export function createBlobStore(config: { driver: 's3' } & S3BlobStoreOptions): S3BlobStore;
export function createBlobStore(config: BlobStoreConfig): BlobStore;
export function createBlobStore(config: BlobStoreConfig): BlobStore {
  switch (config.driver) {
    case 'fs': {
      const { driver: _driver, ...opts } = config;
      return new FsBlobStore(opts);
    }
    case 's3': {
      const { driver: _driver, ...opts } = config;
      return new S3BlobStore(opts);
    }
    default:
      throw new Error(`Unknown blob store driver: ${(config as { driver: unknown }).driver}`);
  }
}

export {
  BlobError,
  assertValidKey,
  isBlobError,
  MAX_SIGNED_URL_SECONDS,
  type BlobErrorCode,
  type BlobHead,
  type BlobObject,
  type BlobStore,
  type ByteRange,
  type CompletedPart,
  type LocalPart,
  type UploadedPart,
} from './blobStore.ts';
export { FsBlobStore, type FsBlobStoreOptions } from './fsBlobStore.ts';
export { fsBlobRoutes, DEFAULT_MAX_PART_BYTES, type FsBlobRoutesOptions } from './fsBlobRoutes.ts';
export { S3BlobStore, type S3BlobStoreOptions } from './s3BlobStore.ts';
