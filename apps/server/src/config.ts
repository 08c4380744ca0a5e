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
  CLOUD_PROVIDER: z.enum(['local', 'simulated', 'pool']).optional(),
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
  /**
   * Pool workstations whose x11vnc reads its password from a file (`-passwdfile read:<file>`) get a
   * fresh password per session: the server writes those files in this directory (a local one, or a
   * mount the workstations read). Unset: pool passwords are not rotated.
   */
  CLOUD_POOL_PASSWORD_DIR: z.string().optional(),
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
   * Payments (issue 15). With all three RAZORPAY_* set, payments go through Razorpay; without them,
   * through the embedded test-mode provider (its own checkout page; no money moves).
   * RAZORPAY_API_URL is only for tests against a local stand-in.
   */
  RAZORPAY_KEY_ID: z.string().min(1).optional(),
  RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(1).optional(),
  RAZORPAY_API_URL: z.url().default('https://api.razorpay.com'),
  /**
   * The test-mode provider without Razorpay: on by default outside production only, because its
   * checkout grants credits and plans without money (a production server without Razorpay refuses to
   * start payments unless this says `true`, e.g. a staging host).
   */
  PAYMENTS_TEST_MODE: z.enum(['true', 'false', '1', '0']).optional(),
  /** The supplier printed on GST tax invoices; the GSTIN's first two digits are its state. */
  INVOICE_SUPPLIER_NAME: z.string().min(1).default('Rushes Media Private Limited'),
  INVOICE_SUPPLIER_ADDRESS: z
    .string()
    .min(1)
    .default('2nd Floor, 12 Residency Road, Bengaluru, Karnataka 560025'),
  INVOICE_SUPPLIER_GSTIN: z
    .string()
    .regex(/^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/)
    .default('29AABCR1234M1Z5'),
  /** Camera to edit: the FTP/FTPS server cameras upload to (docs/decisions.md "Camera to edit"). */
  FTP_ENABLED: z.enum(['true', 'false', '1', '0']).default('true'),
  FTP_HOST: z.string().default('0.0.0.0'),
  /** Control port; 0 picks a free one (tests). */
  FTP_PORT: z.coerce.number().int().min(0).max(65535).default(2121),
  /**
   * The host name cameras are told to connect to. Unset, the session details show the host the browser
   * reached the app by (a camera on the LAN needs that, not PUBLIC_URL's `localhost`).
   */
  FTP_PUBLIC_HOST: z.string().optional(),
  /**
   * The IPv4 address passive-mode replies announce (the public IP behind NAT); default: FTP_PUBLIC_HOST
   * when it is an IPv4 address, else the address each camera's control connection reached the server at.
   */
  FTP_PASV_URL: z.string().optional(),
  FTP_PASV_MIN: z.coerce.number().int().min(1024).max(65535).default(30000),
  FTP_PASV_MAX: z.coerce.number().int().min(1024).max(65535).default(30100),
  /** PEM files of the FTPS certificate and key; without them a self-signed pair is made in DATA_DIR. */
  FTP_TLS_CERT: z.string().optional(),
  FTP_TLS_KEY: z.string().optional(),
  /** Size caps per received file and per session (bytes). */
  FTP_MAX_FILE_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(256 * 1024 ** 3),
  FTP_MAX_SESSION_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 1024 ** 4),
  /**
   * A received file becomes an asset when the camera's next command (or QUIT) arrives, or after
   * this long with its control connection still open; a connection that drops first discards it.
   */
  FTP_COMMIT_GRACE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  /** Uploader download URLs per OS; default: the product's own /uploader page. */
  UPLOADER_URL_WINDOWS: z.string().url().optional(),
  UPLOADER_URL_WINDOWS_PORTABLE: z.string().url().optional(),
  UPLOADER_URL_MACOS_INTEL: z.string().url().optional(),
  UPLOADER_URL_MACOS_SILICON: z.string().url().optional(),
  /** Where Help Center opens in a new tab (absolute URL or same-origin path); default the user guide. */
  HELP_CENTER_URL: z.string().default('/user-guide'),
  /** 'app': the embedded/kiosk shell (no notification bell, no team switcher); 'web' the full product. */
  BUILD_TYPE: z.enum(['web', 'app']).default('web'),
  /** The self-hosted Chatwoot of the live-chat widget (spec 002 §4); the widget is absent without both. */
  SUPPORT_CHAT_BASE_URL: z.url().optional(),
  SUPPORT_CHAT_WEBSITE_TOKEN: z.string().min(1).optional(),
  /** 'off': no first-login product tour for anyone (the e2e flows of other features turn it off). */
  PRODUCT_TOUR: z.enum(['on', 'off']).default('on'),
  /**
   * S3 integrations (issue 17): the endpoint every Amazon S3 integration talks to. Empty: AWS's own
   * regional endpoint. Set it to an S3-compatible server (tests: s3rver on loopback, listed in
   * OUTBOUND_TRUSTED_HOSTS); Contido integrations carry their own endpoint.
   */
  INTEGRATIONS_S3_ENDPOINT: z.string().default(''),
  /**
   * The STS endpoint role-mode S3 integrations assume their role at. Empty: AWS's regional STS.
   * Tests point it at the local STS stand-in on loopback (listed in OUTBOUND_TRUSTED_HOSTS).
   */
  INTEGRATIONS_STS_ENDPOINT: z.string().default(''),
  /** The AWS account (principal) customers trust in the role trust policy of an S3 integration. */
  INTEGRATIONS_AWS_ACCOUNT_ID: z.string().default('000000000000'),
  /** Parts of a multipart export (bytes, S3's minimum is 5 MiB). */
  TRANSFER_PART_SIZE: z.coerce
    .number()
    .int()
    .min(5 * 1024 * 1024)
    .default(16 * 1024 * 1024),
  /** A running transfer's job lock: after a crash another worker resumes it within this time. */
  TRANSFER_LOCK_SECONDS: z.coerce.number().int().min(3).default(30),
  /** Sprinklr API (issue 17): base URL; an environment adds its path prefix (`/prod2`), production none. */
  SPRINKLR_API_URL: z.string().default('https://api2.sprinklr.com'),
  /** The app's Sprinklr API key (sent as the `key` header) and secret (token refresh). */
  SPRINKLR_API_KEY: z.string().default(''),
  SPRINKLR_API_SECRET: z.string().default(''),
  /** The refresh token the first token of each environment is obtained with (then stored sealed). */
  SPRINKLR_REFRESH_TOKEN: z.string().default(''),
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

export interface Config extends Omit<Env, 'FFMPEG_PATH' | 'FFPROBE_PATH' | 'LOG_FORMAT' | 'CLOUD_PROVIDER'> {
  /** Explicit, else `local` outside production and `pool` in production (a local desktop runs as the server's user). */
  CLOUD_PROVIDER: 'local' | 'simulated' | 'pool';
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
  /** 'razorpay' when RAZORPAY_KEY_ID, _KEY_SECRET and _WEBHOOK_SECRET are all set, else 'test'. */
  /** 'none': production without Razorpay and without PAYMENTS_TEST_MODE=true; payments answer 503. */
  paymentProvider: 'test' | 'razorpay' | 'none';
  /** The live-chat widget's origin when SUPPORT_CHAT_BASE_URL and its token are set (CSP allows it). */
  supportChatOrigin: string | null;
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
  const razorpay = [e.RAZORPAY_KEY_ID, e.RAZORPAY_KEY_SECRET, e.RAZORPAY_WEBHOOK_SECRET].filter(
    Boolean,
  ).length;
  if (razorpay !== 0 && razorpay !== 3) {
    throw new Error(
      'Invalid configuration: set all of RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET or none',
    );
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
    paymentProvider: razorpay === 3 ? 'razorpay' : testModeAllowed(e) ? 'test' : 'none',
    CLOUD_PROVIDER: e.CLOUD_PROVIDER ?? (e.NODE_ENV === 'production' ? 'pool' : 'local'),
    supportChatOrigin:
      e.SUPPORT_CHAT_BASE_URL && e.SUPPORT_CHAT_WEBSITE_TOKEN
        ? new URL(e.SUPPORT_CHAT_BASE_URL).origin
        : null,
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

/** The test-mode payment provider moves no money: a production server uses it only when told to. */
function testModeAllowed(e: Env): boolean {
  if (e.PAYMENTS_TEST_MODE !== undefined)
    return e.PAYMENTS_TEST_MODE === 'true' || e.PAYMENTS_TEST_MODE === '1';
  return e.NODE_ENV !== 'production';
}
