import { z } from 'zod';
import { bool } from './bool.ts';

export const server = {
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
