import { z } from 'zod';

export const security = {
  APP_SECRET: z.string().min(32).optional().meta({
    default: 'generated into `DATA_DIR/app-secret`',
    description: '≥ 32 characters; keys code hashes and signed URLs. Set the same value on every node',
  }),
  /** Read by platform/security/secretBox.ts. */
  SECRET_KEYS: z.string().optional().meta({
    default: 'derived from the server secret (`v0`)',
    description:
      'keys that seal third-party secrets at rest (AES-256-GCM): `v2:<base64 of 32 bytes>,v1:<…>`, newest first; old versions still open. Set it in production so stored secrets do not hang on `APP_SECRET`',
  }),
  SESSION_IDLE_HOURS: z.coerce.number().positive().default(24).describe('a session unused this long ends'),
  SESSION_CACHE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(60_000)
    .describe(
      'a node keeps a full session it read this long, so most requests skip the session read; a logout or password reset drops it on every node at once (through Redis), this is only how long a node that missed that message may still accept it. 0 reads the session on every request',
    ),
  PROJECT_ACCESS_CACHE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(30_000)
    .describe(
      "a node keeps a member's role and permission codes in a project it read this long, so most project requests skip that read; a change of the project's members, their permissions or its title drops it on every node at once (through Redis), this is only how long a node that missed that message may still accept it. 0 reads it on every request",
    ),
  SESSION_MAX_DAYS: z.coerce
    .number()
    .positive()
    .default(7)
    .describe('a session ends this long after login whatever happens'),
  API_TOKEN_RATE_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(600)
    .describe(
      'calls per minute one personal access token may make (the public API, the uploader); counted in Redis when `REDIS_URL` is set, else per node; over it the call answers 429 with Retry-After',
    ),
  OUTBOUND_TRUSTED_HOSTS: z
    .string()
    .default('')
    .describe(
      'outbound calls (the AI service) refuse private, loopback and link-local addresses unless their host is listed here: comma-separated host names, IP addresses or CIDR ranges, e.g. `localhost` for a local Ollama',
    ),
};
