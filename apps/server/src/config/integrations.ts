import { z } from 'zod';

export const integrations = {
  INTEGRATIONS_S3_ENDPOINT: z.string().default('').meta({
    default: '— (AWS’s regional endpoint)',
    description:
      'the endpoint every Amazon S3 integration talks to; set it to an S3-compatible server (tests: s3rver on loopback, also listed in `OUTBOUND_TRUSTED_HOSTS`). Contido integrations carry their own endpoint',
  }),
  INTEGRATIONS_STS_ENDPOINT: z.string().default('').meta({
    default: '— (AWS’s regional STS)',
    description:
      'the STS endpoint role-mode S3 integrations call AssumeRole at (with the team’s ExternalId, using the server’s own AWS credentials from the SDK’s default chain); tests point it at the local STS stand-in on loopback, also listed in `OUTBOUND_TRUSTED_HOSTS`',
  }),
  INTEGRATIONS_AWS_ACCOUNT_ID: z
    .string()
    .default('000000000000')
    .describe(
      'our AWS account, the principal customers trust in an S3 integration’s role trust policy (with the team’s ExternalId); the server’s own AWS credentials (SDK default chain) assume the customer’s role',
    ),
  TRANSFER_PART_SIZE: z.coerce
    .number()
    .int()
    .min(5 * 1024 * 1024)
    .default(16 * 1024 * 1024)
    .describe('part size of a multipart export to a bucket, bytes (minimum 5 MiB, S3’s)'),
  TRANSFER_LOCK_SECONDS: z.coerce
    .number()
    .int()
    .min(3)
    .default(30)
    .describe(
      'a running import/export holds its job this long between heartbeats: after a crash another worker (or the restarted server) resumes it within this time',
    ),
  SPRINKLR_API_URL: z
    .string()
    .default('https://api2.sprinklr.com')
    .describe(
      'Sprinklr API base; an environment adds its path prefix (`/prod2`), Production none. Tests point it at the local stand-in (listed in `OUTBOUND_TRUSTED_HOSTS`)',
    ),
  SPRINKLR_API_KEY: z.string().default('').describe('the app’s Sprinklr API key (sent as the `key` header)'),
  SPRINKLR_API_SECRET: z.string().default('').describe('the app’s Sprinklr API secret (token refresh)'),
  SPRINKLR_REFRESH_TOKEN: z
    .string()
    .default('')
    .describe(
      'the refresh token each environment’s first access token is obtained with; tokens are then stored sealed (`sprinklr_tokens`) and rotated',
    ),
  WEBHOOK_RETRY_BASE_SECONDS: z.coerce
    .number()
    .positive()
    .default(30)
    .describe(
      'webhook retries wait this × 1, 4, 20, 120, 720 (30 s, 2 min, 10 min, 1 h, 6 h), then the delivery fails; tests shorten it',
    ),
  WEBHOOK_DELIVERY_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .default(30)
    .describe(
      'webhook deliveries (with their attempts and answers) older than this many days are deleted by a daily purge',
    ),
};
