import { z } from 'zod';
import path from 'node:path';
import { resolveMediaTool, type ResolvedTool } from './platform/media/binaries.ts';
import { server } from './config/server.ts';
import { storage } from './config/storage.ts';
import { security } from './config/security.ts';
import { mail } from './config/mail.ts';
import { blobs } from './config/blobs.ts';
import { media } from './config/media.ts';
import { ai } from './config/ai.ts';
import { transcribe } from './config/transcribe.ts';
import { payments } from './config/payments.ts';
import { cloud } from './config/cloud.ts';
import { camera } from './config/camera.ts';
import { uploader } from './config/uploader.ts';
import { shell } from './config/shell.ts';
import { integrations } from './config/integrations.ts';
import { live } from './config/live.ts';
import { audit } from './config/audit.ts';
import { observability } from './config/observability.ts';

/**
 * The one configuration object, parsed once from the environment. Every variable carries its meaning
 * (`.describe`, or `.meta` when the default shown in the docs is computed elsewhere) and belongs to one
 * group, a file of its own in config/: `npm run docs:config` writes docs/configuration.md from these,
 * so the reference cannot drift. The defaults run the whole product embedded (PGlite, filesystem
 * blobs, dev outbox).
 */
/** The groups of docs/configuration.md, in its order. */
export const CONFIG_GROUPS = [
  { title: 'Server, HTTP and logs', shape: server },
  { title: 'Database, Redis and data directory', shape: storage },
  { title: 'Secrets, sessions and outbound calls', shape: security },
  { title: 'Mail', shape: mail },
  { title: 'Blobs and uploads', shape: blobs },
  { title: 'Media tools and player', shape: media },
  { title: 'AI assistant', shape: ai },
  { title: 'Transcripts and captions', shape: transcribe },
  { title: 'Payments and invoices', shape: payments },
  { title: 'Cloud editing', shape: cloud },
  { title: 'Camera to edit (FTP)', shape: camera },
  { title: 'Uploader', shape: uploader },
  { title: 'Web shell', shape: shell },
  { title: 'Integrations and transfers', shape: integrations },
  { title: 'Live collaboration calls', shape: live },
  { title: 'Audit log', shape: audit },
  { title: 'Metrics and realtime publishing', shape: observability },
] as const;

const schema = z.object({
  ...server,
  ...storage,
  ...security,
  ...mail,
  ...blobs,
  ...media,
  ...ai,
  ...transcribe,
  ...payments,
  ...cloud,
  ...camera,
  ...uploader,
  ...shell,
  ...integrations,
  ...live,
  ...audit,
  ...observability,
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
  /** TRANSCRIBE_BASE_URL is set: clips with sound are transcribed. */
  transcribeConfigured: boolean;
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
    transcribeConfigured: Boolean(e.TRANSCRIBE_BASE_URL),
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
