import { z } from 'zod';
import path from 'node:path';
import { resolveMediaTool, type ResolvedTool } from './platform/media/binaries.ts';

/**
 * The one configuration object, parsed once from the environment. Every variable carries its meaning
 * (`.describe`, or `.meta` when the default shown in the docs is computed elsewhere) and belongs to one
 * group: `npm run docs:config` writes docs/configuration.md from these, so the reference cannot drift.
 * The defaults run the whole product embedded (PGlite, filesystem blobs, dev outbox).
 */
const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => (v === undefined ? fallback : v === 'true' || v === '1'));

const server = {
  NODE_ENV: z
    .enum(['development', 'production', 'test'])
    .default('development')
    .describe('`development`, `production` or `test`'),
  PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .default(3000)
    .describe('HTTP port (API, realtime, web app)'),
  HOST: z.string().default('0.0.0.0').describe('listen address'),
  PUBLIC_URL: z.url().optional().meta({
    default: '`http://localhost:$PORT`',
    description:
      'the address users reach; used in mailed links (not upload URLs) and the allowed WebSocket Origin (a localhost `PUBLIC_URL` also admits other `http://localhost:*` origins, for the Vite dev server)',
  }),
  TRUST_PROXY: bool(false).describe(
    'trust `X-Forwarded-*` (behind a load balancer), so rate limits see client addresses',
  ),
  RATE_LIMIT: bool(true).describe('per-address limits on login, sign-up, forgot-password and OTP routes'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('pino level'),
  LOG_FORMAT: z.enum(['pretty', 'json']).optional().meta({
    default: '`pretty` (`json` in production)',
    description:
      '`pretty`: one readable line per event (pino-pretty); `json`: one object per line. Tokens in query strings and SQL parameter values are never logged',
  }),
  WEB_DIST: z.string().optional().meta({ default: '`apps/web/dist`', description: 'built web app to serve' }),
  JOBS_POLL_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(1000)
    .describe(
      'how often the job worker looks for due jobs (work enqueued on this node also wakes it at once)',
    ),
  DEMO_SEED: bool(true).describe(
    'create the demo users, _Demo Studio_ and the demo project at start-up (idempotent)',
  ),
  DEMO_SEED_PROJECT: bool(true).describe(
    'with `DEMO_SEED`: also the demo project in _Demo Studio_ (media, brief, tasks, chat, an approval); `false` seeds only the users and an empty _Demo Studio_ (the e2e flows)',
  ),
};

const storage = {
  DATA_DIR: z.string().default('./data').describe('PGlite data (`pg/`), blobs, generated secret'),
  DATABASE_URL: z
    .string()
    .optional()
    .describe('PostgreSQL connection string; unset = PGlite in `DATA_DIR/pg`'),
  REDIS_URL: z
    .string()
    .optional()
    .describe('Redis for the Socket.IO adapter and shared rate limits (needed with more than one API node)'),
};

const security = {
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
  SESSION_MAX_DAYS: z.coerce
    .number()
    .positive()
    .default(7)
    .describe('a session ends this long after login whatever happens'),
  OUTBOUND_TRUSTED_HOSTS: z
    .string()
    .default('')
    .describe(
      'outbound calls (the AI service) refuse private, loopback and link-local addresses unless their host is listed here: comma-separated host names, IP addresses or CIDR ranges, e.g. `localhost` for a local Ollama',
    ),
};

const mail = {
  SMTP_URL: z
    .string()
    .optional()
    .describe('e.g. `smtps://user:pass@smtp.example.com:465`; set = real mail (and no `/outbox`)'),
  MAIL_FROM: z.string().default('Rushes <no-reply@rushes.local>').describe('sender'),
  MAIL_OUTBOX: z.enum(['true', 'false', '1', '0']).optional().meta({
    default: 'on without SMTP on a localhost `PUBLIC_URL`',
    description:
      'serve the stored mails at `/outbox`, the readable dev outbox (`true`/`false`; never with `SMTP_URL`)',
  }),
  MAIL_OUTBOX_REMOTE: bool(false).describe(
    'let other machines read `/outbox` (a demo host); off, only loopback clients may: the socket and every forwarded hop',
  ),
};

const blobs = {
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

const media = {
  FFPROBE_PATH: z.string().optional().meta({
    default: 'the system’s, else npm-shipped',
    description:
      'ffprobe of the media pipeline: `/usr/bin/ffprobe`, then `PATH` (Debian’s `ffmpeg` package), else the binary inside the npm package `@ffprobe-installer/ffprobe`',
  }),
  FFMPEG_PATH: z.string().optional().meta({
    default: 'the system’s, else npm-shipped',
    description:
      'ffmpeg (poster frames, waveforms, H.264/AAC proxies): `/usr/bin/ffmpeg`, then `PATH`, else the one inside `@ffmpeg-installer/ffmpeg` (4.1)',
  }),
  EXTERNAL_PLAYER_URL: z
    .url()
    .optional()
    .describe(
      'an external player (spec 002 §2): assets open there in a new tab with `?id=<ingest_db_id>&project=<project_db_id>` instead of `/player/{id}`',
    ),
};

/** Sampling defaults are the spec's (000 §7) without its newline stop. */
const ai = {
  AI_BASE_URL: z
    .url()
    .optional()
    .describe(
      'the AI assistant: an OpenAI-compatible API (OpenAI `https://api.openai.com/v1`, Azure OpenAI, Ollama `http://localhost:11434/v1`, vLLM, llama.cpp); unset (or `AI_MODEL` unset), the assistant panel says it is not set up',
    ),
  AI_API_KEY: z
    .string()
    .optional()
    .describe(
      'the service’s key; stays on the server (never in an answer or the web bundle); local servers need none',
    ),
  AI_MODEL: z
    .string()
    .min(1)
    .optional()
    .describe('model name, e.g. `gpt-4o-mini`, `llama3.1` (needed with `AI_BASE_URL`)'),
  AI_TEMPERATURE: z.coerce
    .number()
    .min(0)
    .max(2)
    .default(1)
    .describe('sampling of every answer (the spec’s value)'),
  AI_MAX_TOKENS: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(300)
    .describe('sampling of every answer (the spec’s value)'),
  AI_TOP_P: z.coerce
    .number()
    .min(0)
    .max(1)
    .default(1)
    .describe('sampling of every answer (the spec’s value)'),
  AI_PRESENCE_PENALTY: z.coerce
    .number()
    .min(-2)
    .max(2)
    .default(0)
    .describe('sampling of every answer (the spec’s value)'),
  AI_FREQUENCY_PENALTY: z.coerce
    .number()
    .min(-2)
    .max(2)
    .default(0)
    .describe('sampling of every answer (the spec’s value)'),
  AI_STOP: z
    .string()
    .optional()
    .describe('a stop sequence (`\\n` is a newline); none by default, so answers may have several lines'),
  AI_TIMEOUT_SECONDS: z.coerce
    .number()
    .positive()
    .max(600)
    .default(60)
    .describe('the longest wait for the service’s first byte and between streamed pieces (each retry again)'),
  AI_MAX_RETRIES: z.coerce
    .number()
    .int()
    .min(0)
    .max(5)
    .default(2)
    .describe('retries of 429, 5xx and timeouts'),
  AI_TEAM_MONTHLY_TOKENS: z.coerce
    .number()
    .int()
    .min(0)
    .default(1_000_000)
    .describe(
      'tokens (in + out) a team may use per calendar month (UTC), `0` = no budget; usage is recorded per question',
    ),
  AI_USER_REQUESTS_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(0)
    .default(10)
    .describe('questions one user may ask per minute, `0` = no limit'),
};

const payments = {
  RAZORPAY_KEY_ID: z
    .string()
    .min(1)
    .optional()
    .describe(
      'with `RAZORPAY_KEY_SECRET` and `RAZORPAY_WEBHOOK_SECRET`: all three set, payments go through Razorpay (orders in INR paise, checkout in the browser, webhooks at `/api/payments/webhook`); none set, the embedded test-mode provider and its own checkout page (no money moves). Setting only some refuses to start',
    ),
  RAZORPAY_KEY_SECRET: z.string().min(1).optional().describe('Razorpay key secret (see `RAZORPAY_KEY_ID`)'),
  RAZORPAY_WEBHOOK_SECRET: z
    .string()
    .min(1)
    .optional()
    .describe('the secret of the Razorpay webhook (see `RAZORPAY_KEY_ID`)'),
  RAZORPAY_API_URL: z
    .url()
    .default('https://api.razorpay.com')
    .describe('(tests) where the Razorpay SDK sends its calls: a local stand-in'),
  /**
   * On by default outside production only, because its checkout grants credits and plans without money.
   */
  PAYMENTS_TEST_MODE: z.enum(['true', 'false', '1', '0']).optional().meta({
    default: '`true` outside production, `false` in production',
    description:
      'without Razorpay, the embedded test-mode checkout (no money moves: completing it grants what was bought). A production server without Razorpay refuses to start payments (503) unless this is `true` (a staging host)',
  }),
  INVOICE_SUPPLIER_NAME: z
    .string()
    .min(1)
    .default('Rushes Media Private Limited')
    .describe('the supplier printed on GST tax invoices'),
  INVOICE_SUPPLIER_ADDRESS: z
    .string()
    .min(1)
    .default('2nd Floor, 12 Residency Road, Bengaluru, Karnataka 560025')
    .describe('the supplier’s address printed on GST tax invoices'),
  INVOICE_SUPPLIER_GSTIN: z
    .string()
    .regex(/^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/)
    .default('29AABCR1234M1Z5')
    .describe(
      'the supplier’s GSTIN; its first two digits are the supplier’s state (CGST + SGST to the same state, IGST elsewhere)',
    ),
};

const cloud = {
  /** Explicit, else resolved in loadConfig: `local` outside production, `pool` in production. */
  CLOUD_PROVIDER: z.enum(['local', 'simulated', 'pool']).optional().meta({
    default: '`local` (`pool` when `NODE_ENV=production`)',
    description:
      'where cloud-editing sessions run: `local` (a real desktop per session on this machine: Xvfb + openbox + x11vnc on a loopback port; without them bookings answer ‘Resource is not available’ and the log says why), `simulated` (credentials, no desktop: tests, machines without X), `pool` (workstations a platform admin registers through `/api/cloud/admin/machines`; a session leases one)',
  }),
  CLOUD_CATALOGUE_FILE: z
    .string()
    .optional()
    .describe(
      'a JSON file seeding the cloud catalogue in the database on first start, and replacing it at a start when the file’s content changed (else the platform admin’s edits on /cloud-admin stay) (system types, softwares, plugins with prices and auto_select, hardware with price per hour and capacity); shape: `cloudCatalogueSchema` in packages/shared/src/rules/cloud.ts',
    ),
  CLOUD_CONFIRM_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3600)
    .default(300)
    .describe('how long an offered queued machine waits for its confirmation (spec 001 §9: 5 minutes)'),
  CLOUD_LOCAL_GEOMETRY: z
    .string()
    .regex(/^\d{3,4}x\d{3,4}$/)
    .default('1280x720')
    .describe('screen size of the local desktops'),
  CLOUD_LOCAL_HOME_DIR: z
    .string()
    .optional()
    .describe(
      'where the local provider makes each session’s home folder (mode 0700, removed at the end; default: the system’s temporary directory’s rushes-desktops)',
    ),
  CLOUD_AGENT_BIN: z
    .string()
    .optional()
    .describe(
      'the workstation agent the local provider starts beside each desktop (the built rushes-upload binary); unset: this checkout’s packages/uploader/bin/rushes-upload.mjs run by this Node',
    ),
  CLOUD_FINAL_SYNC_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3600)
    .default(120)
    .describe(
      'how long a session’s shutdown waits for its workstation agent’s final sync (renders still uploading) before the machine stops anyway',
    ),
  CLOUD_IDLE_WARN_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(20)
    .describe(
      'minutes without input on a cloud desktop (its workstation agent reports them) after which its owner is warned that the session will end',
    ),
  CLOUD_IDLE_END_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30)
    .describe(
      'minutes without input after which a cloud session ends by itself (final sync first) and its unused whole hours are refunded',
    ),
  CLOUD_AGENT_BOOT_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .max(3600)
    .default(180)
    .describe(
      'how long a booting session waits for its workstation agent’s first ‘started’ (local desktops); without it the session fails and its credits are refunded',
    ),
  CLOUD_AGENT_LOST_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .max(3600)
    .default(60)
    .describe(
      'seconds without a heartbeat from a started session’s workstation agent after which the log and the cloud admin page call it lost (the session runs on)',
    ),
  CLOUD_POOL_PASSWORD_DIR: z
    .string()
    .optional()
    .describe(
      'a directory the server writes pool workstations’ x11vnc password files in (`-passwdfile read:<dir>/<file>`, a local directory or a mount the workstations read): those registered with rotation get a fresh password per session and another at its end; unset: pool passwords are not rotated',
    ),
  /** Operators of this installation, not team admins. */
  PLATFORM_ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .describe(
      'comma-separated e-mails of this installation’s operators (not team admins): they list and handle cloud issue reports and register the pool’s workstations (`/api/cloud/admin/*`)',
    ),
};

const camera = {
  FTP_ENABLED: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .describe(
      'camera to edit: run the FTP/FTPS server cameras upload to on this node (`false` to turn it off); with several nodes run it on one: the others tell the session details what it published in Redis, and camera FTP is off when no node runs it',
    ),
  FTP_HOST: z.string().default('0.0.0.0').describe('where the camera FTP server listens'),
  FTP_PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .default(2121)
    .describe('the camera FTP server’s control port (`0`: a free port, tests)'),
  FTP_PUBLIC_HOST: z.string().optional().meta({
    default: 'unset: the host the browser reached the app by',
    description:
      'the host name the session details tell camera operators; unset, the web shows the host of the address the app was opened at (`window.location.hostname`), so a laptop opened as `192.168.1.20` tells a LAN camera `192.168.1.20`, not `localhost`',
  }),
  FTP_PASV_URL: z.string().optional().meta({
    default:
      '`FTP_PUBLIC_HOST` when it is an IPv4 address, else the address each camera’s control connection reached',
    description:
      'the IPv4 address passive-mode (PASV) replies announce: set it to the server’s public IP behind NAT; unset, a camera on the LAN is told the LAN address it connected to (a loopback client is told loopback)',
  }),
  FTP_PASV_MIN: z.coerce
    .number()
    .int()
    .min(1024)
    .max(65535)
    .default(30000)
    .describe('start of the passive data port range (open it in the firewall)'),
  FTP_PASV_MAX: z.coerce
    .number()
    .int()
    .min(1024)
    .max(65535)
    .default(30100)
    .describe('end of the passive data port range'),
  FTP_TLS_CERT: z
    .string()
    .optional()
    .describe(
      'PEM file of the FTPS certificate; without it and `FTP_TLS_KEY` a self-signed pair is generated into `DATA_DIR/ftp-tls`',
    ),
  FTP_TLS_KEY: z.string().optional().describe('PEM file of the FTPS key'),
  FTP_MAX_FILE_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(256 * 1024 ** 3)
    .describe('size cap per received file'),
  FTP_MAX_SESSION_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 1024 ** 4)
    .describe('size cap per camera-to-edit (C2E) session'),
  FTP_COMMIT_GRACE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60_000)
    .default(2000)
    .describe(
      'a received file becomes an asset at the camera’s next command (or QUIT), or after this long with its control connection open; a connection that drops first discards it',
    ),
  FTP_LOGIN_MAX_FAILURES: z.coerce
    .number()
    .int()
    .positive()
    .default(10)
    .describe(
      'failed camera FTP logins allowed per C2E session and per client address in `FTP_LOGIN_WINDOW_S`; then that session’s or address’s logins are refused, the right password too, until the window ends (in Redis with `REDIS_URL`; off with `RATE_LIMIT=false`)',
    ),
  FTP_LOGIN_WINDOW_S: z.coerce
    .number()
    .int()
    .positive()
    .default(900)
    .describe(
      'seconds from the first failed camera FTP login that the failures are counted (and a full count refuses)',
    ),
};

const uploaderDefault = {
  default: 'the file `UPLOADER_DIST` holds for that OS, else the product’s own `/uploader?os=…` page',
};
const uploader = {
  UPLOADER_DIST: z.string().optional().meta({
    default: '`packages/uploader/dist`',
    description:
      'folder of the uploader files `npm run build:uploader` makes (with their `manifest.json`): served to logged-in users and listed on `/uploader`; a platform missing there is shown as not built',
  }),
  UPLOADER_URL_WINDOWS: z
    .string()
    .url()
    .optional()
    .meta({ ...uploaderDefault, description: 'what the uploader download answers for Windows' }),
  UPLOADER_URL_WINDOWS_PORTABLE: z
    .string()
    .url()
    .optional()
    .meta({ ...uploaderDefault, description: 'what the uploader download answers for Windows (portable)' }),
  UPLOADER_URL_MACOS_INTEL: z
    .string()
    .url()
    .optional()
    .meta({ ...uploaderDefault, description: 'what the uploader download answers for macOS on Intel' }),
  UPLOADER_URL_MACOS_SILICON: z
    .string()
    .url()
    .optional()
    .meta({
      ...uploaderDefault,
      description: 'what the uploader download answers for macOS on Apple silicon',
    }),
};

const shell = {
  HELP_CENTER_URL: z
    .string()
    .default('/user-guide')
    .describe(
      'where Help Center (user menu, project help) opens in a new tab: an absolute URL or a same-origin path; read by the web at run time (`GET /api/shell/config`)',
    ),
  BUILD_TYPE: z
    .enum(['web', 'app'])
    .default('web')
    .describe(
      '`app`: the embedded/kiosk shell (no notification bell, no team switcher); `web` the full product. A web build made with `VITE_BUILD_TYPE=app` is always the app build',
    ),
  SUPPORT_CHAT_BASE_URL: z
    .url()
    .optional()
    .describe(
      'a self-hosted Chatwoot (e.g. `https://chat.example.com`) for the live-chat widget (spec 002 §4): it loads 2 s after a logged-in page loads; its origin is let into the CSP',
    ),
  SUPPORT_CHAT_WEBSITE_TOKEN: z
    .string()
    .min(1)
    .optional()
    .describe('the Chatwoot inbox’s website token; the widget is absent unless both are set'),
  PRODUCT_TOUR: z
    .enum(['on', 'off'])
    .default('on')
    .describe(
      '`off`: no first-login product tour for anyone (the e2e flows turn it off, except `e2e/shell.e2e.test.ts`)',
    ),
};

const integrations = {
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
};

const live = {
  ICE_SERVERS: z
    .string()
    .default('[]')
    .describe(
      'live collaboration calls: STUN/TURN servers handed to the browsers, a JSON array of RTCIceServer, e.g. `[{"urls":"stun:stun.example.org:3478"}]`; empty: peers on the same network only',
    ),
  TURN_URL: z
    .string()
    .optional()
    .describe(
      'a coturn server (`turn:host:3478`, comma-separated for several) run with `use-auth-secret`; with `TURN_SECRET` each user gets short-lived credentials from `GET /api/live-collaboration/ice-servers`',
    ),
  TURN_SECRET: z
    .string()
    .optional()
    .describe(
      'coturn’s `static-auth-secret` (REST API scheme: username `expiry:user_id`, credential base64 HMAC-SHA1)',
    ),
  ICE_TRANSPORT_POLICY: z
    .enum(['all', 'relay'])
    .default('all')
    .describe('`relay` makes the call’s browsers use TURN only (no direct or STUN paths)'),
  TURN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(86_400)
    .default(3600)
    .describe('life of an issued TURN credential, seconds'),
};

/** The groups of docs/configuration.md, in its order. */
export const CONFIG_GROUPS = [
  { title: 'Server, HTTP and logs', shape: server },
  { title: 'Database, Redis and data directory', shape: storage },
  { title: 'Secrets, sessions and outbound calls', shape: security },
  { title: 'Mail', shape: mail },
  { title: 'Blobs and uploads', shape: blobs },
  { title: 'Media tools and player', shape: media },
  { title: 'AI assistant', shape: ai },
  { title: 'Payments and invoices', shape: payments },
  { title: 'Cloud editing', shape: cloud },
  { title: 'Camera to edit (FTP)', shape: camera },
  { title: 'Uploader', shape: uploader },
  { title: 'Web shell', shape: shell },
  { title: 'Integrations and transfers', shape: integrations },
  { title: 'Live collaboration calls', shape: live },
] as const;

const schema = z.object({
  ...server,
  ...storage,
  ...security,
  ...mail,
  ...blobs,
  ...media,
  ...ai,
  ...payments,
  ...cloud,
  ...camera,
  ...uploader,
  ...shell,
  ...integrations,
  ...live,
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
  /** UPLOADER_DIST or packages/uploader/dist: the built uploader files and their manifest.json */
  uploaderDist: string;
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
    uploaderDist: e.UPLOADER_DIST ?? path.resolve(import.meta.dirname, '../../../packages/uploader/dist'),
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
