import { z } from 'zod';
import path from 'node:path';
import { resolveMediaTool, type ResolvedTool } from './platform/media/binaries.ts';

/**
 * The one configuration object, parsed once from the environment. Every variable is documented in the
 * README with its default; the defaults run the whole product embedded (PGlite, filesystem blobs, dev outbox).
 */
const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => (v === undefined ? fallback : v === 'true' || v === '1'));

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  APP_SECRET: z.string().min(32).optional(),
  /** Keys sealing third-party secrets at rest, `v2:<base64 32 bytes>,v1:<…>` newest first (platform/security/secretBox.ts). */
  SECRET_KEYS: z.string().optional(),
  SESSION_IDLE_HOURS: z.coerce.number().positive().default(24),
  SESSION_MAX_DAYS: z.coerce.number().positive().default(7),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Rushes <no-reply@rushes.local>'),
  BLOB_DRIVER: z.enum(['fs', 's3']).default('fs'),
  BLOB_DIR: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool(false),
  TRUST_PROXY: bool(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Readable one-line logs (pretty) or JSON; default JSON in production only. */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  DEMO_SEED: bool(true),
  /** With DEMO_SEED: also the demo project in Demo Studio (media, brief, tasks, chat, an approval). */
  DEMO_SEED_PROJECT: bool(true),
  RATE_LIMIT: bool(true),
  /** The readable dev outbox; default on only without SMTP and on a localhost PUBLIC_URL. */
  MAIL_OUTBOX: z.enum(['true', 'false', '1', '0']).optional(),
  /** The outbox also answers clients on other machines (a demo host); off: loopback clients only. */
  MAIL_OUTBOX_REMOTE: bool(false),
  JOBS_POLL_MS: z.coerce.number().int().positive().default(1000),
  WEB_DIST: z.string().optional(),
  /** Media tools: unset, the system's (Debian's ffmpeg package), else the npm-shipped binaries. */
  FFPROBE_PATH: z.string().optional(),
  FFMPEG_PATH: z.string().optional(),
  /** An external player (spec 002 §2): assets open there in a new tab with id and project query. */
  EXTERNAL_PLAYER_URL: z.url().optional(),
  /** Upload part size in bytes (grown for files that would need more than 10,000 parts). */
  UPLOAD_PART_SIZE: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .max(5 * 1024 ** 3)
    .default(16 * 1024 * 1024),
  /** Lifetime of signed part URLs, seconds. */
  UPLOAD_URL_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 3600)
    .default(3600),
  /** The longest a request (an upload part) may take to arrive; slower part PUTs get 408. */
  UPLOAD_PART_TIMEOUT_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
  /** Unfinished uploads untouched this long are aborted and their parts freed. */
  UPLOAD_STALE_HOURS: z.coerce.number().positive().default(72),
  /**
   * The AI assistant (issue 21): any OpenAI-compatible API (OpenAI, Azure OpenAI, Ollama, vLLM,
   * llama.cpp). Unset AI_BASE_URL or AI_MODEL: the assistant panel says it is not set up. The key
   * stays on the server. Sampling defaults are the spec's (000 §7) without its newline stop.
   */
  AI_BASE_URL: z.url().optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().min(1).optional(),
  AI_TEMPERATURE: z.coerce.number().min(0).max(2).default(1),
  AI_MAX_TOKENS: z.coerce.number().int().min(1).max(100_000).default(300),
  AI_TOP_P: z.coerce.number().min(0).max(1).default(1),
  AI_PRESENCE_PENALTY: z.coerce.number().min(-2).max(2).default(0),
  AI_FREQUENCY_PENALTY: z.coerce.number().min(-2).max(2).default(0),
  /**
   * Cloud editing (issue 18). `local`: a real desktop per session on this machine (Xvfb + openbox +
   * x11vnc on a loopback port); without those binaries bookings answer 'Resource is not available'.
   * `simulated`: sessions without a desktop (tests, machines without X). `pool`: admin-registered machines.
   */
  CLOUD_PROVIDER: z.enum(['local', 'simulated', 'pool']).default('local'),
  /** A JSON file replacing the seeded catalogue (system types, softwares, plugins, hardware, capacity). */
  CLOUD_CATALOGUE_FILE: z.string().optional(),
  /** How long an offered queued machine waits for the confirmation (spec 001 §9: 5 minutes). */
  CLOUD_CONFIRM_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  /**
   * Platform admins (operators of this installation, not team admins): comma-separated e-mails. They
   * see and handle cloud issue reports and register the pool's workstations.
   */
  PLATFORM_ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** The local desktops' screen size. */
  CLOUD_LOCAL_GEOMETRY: z
    .string()
    .regex(/^\d{3,4}x\d{3,4}$/)
    .default('1280x720'),
  /** A stop sequence, if wanted (`\n` is a newline); none by default (docs/decisions.md). */
  AI_STOP: z.string().optional(),
  /** One upstream call may take this long (each retry again). */
  AI_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(60),
  AI_MAX_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  /** Tokens (in + out) a team may use per calendar month (UTC); 0: no budget. */
  AI_TEAM_MONTHLY_TOKENS: z.coerce.number().int().min(0).default(1_000_000),
  /** Questions one user may ask per minute; 0: no limit. */
  AI_USER_REQUESTS_PER_MINUTE: z.coerce.number().int().min(0).default(10),
  /**
   * Outbound calls (the AI service) refuse private, loopback and link-local addresses unless their
   * host is listed here: comma-separated host names, IP addresses or CIDR ranges (e.g. localhost).
   */
  OUTBOUND_TRUSTED_HOSTS: z.string().default(''),
  /**
   * Live collaboration calls (issue 19): STUN/TURN servers given to the browsers, as the JSON array
   * of RTCIceServer (e.g. `[{"urls":"stun:stun.example.org:3478"}]`). Empty: none (same network only).
   */
  ICE_SERVERS: z.string().default('[]'),
  /** A coturn server (`turn:host:3478`) with `use-auth-secret`: credentials are issued per user. */
  TURN_URL: z.string().optional(),
  /** coturn's `static-auth-secret` (REST API scheme: HMAC-SHA1 of `expiry:user`). */
  TURN_SECRET: z.string().optional(),
  /** `relay` makes the browsers use TURN only (no direct or STUN paths). */
  ICE_TRANSPORT_POLICY: z.enum(['all', 'relay']).default('all'),
  /** Life of an issued TURN credential in seconds. */
  TURN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
});

export type Env = z.infer<typeof schema>;

export interface Config extends Omit<Env, 'FFMPEG_PATH' | 'FFPROBE_PATH' | 'LOG_FORMAT'> {
  LOG_FORMAT: 'pretty' | 'json';
  /** The resolved binaries (see platform/media/binaries.ts); every consumer reads these two. */
  FFMPEG_PATH: string;
  FFPROBE_PATH: string;
  mediaTools: { ffmpeg: ResolvedTool; ffprobe: ResolvedTool };
  publicUrl: string;
  blobDir: string;
  webDist: string;
  smtpEnabled: boolean;
  /** Whether /outbox serves stored mails (never with SMTP). */
  outboxEnabled: boolean;
  /** AI_BASE_URL and AI_MODEL are both set. */
  aiConfigured: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  if (e.BLOB_DRIVER === 's3' && !e.S3_BUCKET) throw new Error('Invalid configuration: S3_BUCKET is required');
  // S3 refuses parts below 5 MiB (except the last); smaller parts are for tests on the fs driver.
  if (e.BLOB_DRIVER === 's3' && e.UPLOAD_PART_SIZE < 5 * 1024 * 1024) {
    throw new Error('Invalid configuration: UPLOAD_PART_SIZE must be at least 5 MiB with S3');
  }
  const mediaTools = {
    ffmpeg: resolveMediaTool('ffmpeg', { env }),
    ffprobe: resolveMediaTool('ffprobe', { env }),
  };
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    ...e,
    FFMPEG_PATH: mediaTools.ffmpeg.path,
    FFPROBE_PATH: mediaTools.ffprobe.path,
    mediaTools,
    LOG_FORMAT: e.LOG_FORMAT ?? (e.NODE_ENV === 'production' ? 'json' : 'pretty'),
    publicUrl,
    blobDir: e.BLOB_DIR ?? path.join(e.DATA_DIR, 'blobs'),
    webDist: e.WEB_DIST ?? path.resolve(import.meta.dirname, '../../web/dist'),
    smtpEnabled: Boolean(e.SMTP_URL),
    outboxEnabled: !e.SMTP_URL && outboxWanted(e.MAIL_OUTBOX, publicUrl),
    aiConfigured: Boolean(e.AI_BASE_URL && e.AI_MODEL),
  };
}

/**
 * The outbox shows every stored mail — reset links and codes included — to anyone who can reach it,
 * so it is on by default only for a laptop (PUBLIC_URL on localhost); elsewhere only when asked.
 */
function outboxWanted(flag: string | undefined, publicUrl: string): boolean {
  if (flag !== undefined) return flag === 'true' || flag === '1';
  const host = new URL(publicUrl).hostname;
  return host === 'localhost' || host === '127.0.0.1';
}
