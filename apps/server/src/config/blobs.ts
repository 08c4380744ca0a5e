import { z } from 'zod';
import { bool } from './bool.ts';

export const blobs = {
  BLOB_DRIVER: z.enum(['fs', 's3']).default('fs').describe('`fs` or `s3`'),
  BLOB_DIR: z.string().optional().meta({ default: '`DATA_DIR/blobs`', description: 'filesystem blob root' }),
  S3_BUCKET: z.string().optional().describe('S3 or MinIO bucket when `BLOB_DRIVER=s3` (required then)'),
  S3_REGION: z.string().default('us-east-1').describe('the bucket’s region'),
  S3_ENDPOINT: z.string().optional().describe('an S3-compatible endpoint, e.g. MinIO; unset: AWS'),
  S3_ACCESS_KEY_ID: z.string().optional().describe('the bucket’s access key id'),
  S3_SECRET_ACCESS_KEY: z.string().optional().describe('the bucket’s secret access key'),
  S3_FORCE_PATH_STYLE: bool(false).describe('path-style URLs, for MinIO and local endpoints'),
  UPLOAD_PART_SIZE: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .max(5 * 1024 ** 3)
    .default(16 * 1024 * 1024)
    .describe(
      'upload part size in bytes (grown for files that would need more than 10,000 parts; at least 5 MiB with S3)',
    ),
  UPLOAD_URL_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 3600)
    .default(3600)
    .describe('lifetime of signed part URLs, seconds (the browser asks for fresh ones on demand)'),
  UPLOAD_PART_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(86_400)
    .default(900)
    .describe(
      'the longest a request (an upload part) may take to arrive (the server’s request timeout); slower part PUTs get 408. A 16 MiB part needs at least ~150 kbit/s',
    ),
  UPLOAD_STALE_HOURS: z.coerce
    .number()
    .positive()
    .default(72)
    .describe('unfinished uploads untouched this long are aborted and their parts freed (hourly job)'),
};
