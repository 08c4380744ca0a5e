import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { API, APP_NAME, APP_VERSION, REQUEST_TIMEOUT_MS } from '@rushes/shared';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { installAuthGuard } from './platform/auth/guard.ts';
import { resolveSession } from './platform/auth/sessions.ts';
import { createBlobStore, fsBlobRoutes, type FsBlobStore } from './platform/blobs/index.ts';
import type { AppContext } from './platform/context.ts';
import { EventBus } from './platform/events/bus.ts';
import { requireApiHeaders } from './platform/http/apiHeaders.ts';
import { ok } from './platform/http/envelope.ts';
import { installErrorHandling } from './platform/http/errorHandler.ts';
import { JobQueue } from './platform/jobs/queue.ts';
import { Mailer } from './platform/mail/mailer.ts';
import { outboxRoutes } from './platform/mail/outbox.routes.ts';
import { Realtime } from './platform/realtime/realtime.ts';
import { parseCookieHeader } from './platform/realtime/cookies.ts';
import { SESSION_COOKIE } from './platform/auth/sessions.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { teamsRoutes } from './modules/teams/teams.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { projectsRoutes } from './modules/projects/projects.routes.ts';
import { assetsRoutes } from './modules/assets/assets.routes.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { briefRoutes } from './modules/brief/brief.routes.ts';
import { tasksRoutes } from './modules/tasks/tasks.routes.ts';
import { approvalsRoutes } from './modules/approvals/approvals.routes.ts';
import { registerTaskJobs } from './modules/tasks/tasks.jobs.ts';
import { uploadsRoutes } from './modules/uploads/uploads.routes.ts';
import { partLimits } from './modules/uploads/uploads.sessions.ts';
import { registerUploadJobs } from './modules/uploads/uploads.jobs.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { registerMediaJobs } from './modules/media/media.pipeline.ts';
import { registerAssetJobs } from './modules/assets/assets.jobs.ts';
import { registerDigestJob } from './modules/notifications/digest.ts';
import { registerRealtimeMappers } from './modules/realtime.mappers.ts';
import { registerPlatformJobs, JOB_NAMES } from './platform/jobRegistry.ts';

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
}

/** Builds the whole app from plugins and modules; no side effects until `listen` and `ctx.jobs.start()`. */
export async function buildApp(config: Config, deps: { db: Db; secret: string }): Promise<BuiltApp> {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    // A whole request must arrive within this time. Upload parts (16 MiB by default) are the longest
    // bodies, so it is the upload part timeout, not the 60 s client timeout of the spec (docs/decisions.md).
    requestTimeout: Math.max(REQUEST_TIMEOUT_MS, config.UPLOAD_PART_TIMEOUT_SECONDS * 1000),
    trustProxy: config.TRUST_PROXY,
    genReqId: () => crypto.randomUUID(),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const jobs = new JobQueue({ db: deps.db, pollMs: config.JOBS_POLL_MS, logger: app.log });
  const events = new EventBus(app.log);
  const mailer = new Mailer(deps.db, jobs, {
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outbox: config.outboxEnabled,
  });
  const sessionPolicy = { idleHours: config.SESSION_IDLE_HOURS, maxDays: config.SESSION_MAX_DAYS };
  const publicOrigin = new URL(config.publicUrl);
  // On a laptop (PUBLIC_URL on localhost) the Vite dev server's origin is accepted too; a real host never is.
  const devOrigins = publicOrigin.hostname === 'localhost' || publicOrigin.hostname === '127.0.0.1';
  const realtime = new Realtime(app.server, {
    redisUrl: config.REDIS_URL,
    log: app.log,
    isAllowedOrigin: (origin) =>
      origin === publicOrigin.origin ||
      (devOrigins && /^http:\/\/(localhost|127\.0\.0\.1):\d+$/.test(origin)),
    authenticate: async (header) => {
      const session = await resolveSession(deps.db, parseCookieHeader(header)[SESSION_COOKIE], sessionPolicy);
      return session?.kind === 'full' ? { userId: session.userId, sessionKey: session.idHash } : null;
    },
  });
  const blobs =
    config.BLOB_DRIVER === 's3'
      ? createBlobStore({
          driver: 's3',
          bucket: config.S3_BUCKET!,
          region: config.S3_REGION,
          endpoint: config.S3_ENDPOINT,
          accessKeyId: config.S3_ACCESS_KEY_ID ?? '',
          secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? '',
          forcePathStyle: config.S3_FORCE_PATH_STYLE,
        })
      : createBlobStore({
          driver: 'fs',
          root: config.blobDir,
          publicBaseUrl: config.publicUrl,
          secret: deps.secret,
        });

  const ctx: AppContext = { config, db: deps.db, secret: deps.secret, jobs, mailer, events, realtime, blobs };

  installErrorHandling(app);
  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  const rateLimitRedis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 3 })
    : undefined;
  await app.register(rateLimit, {
    global: false,
    redis: rateLimitRedis,
    nameSpace: 'rushes-rl-',
  });
  await app.register(swagger, {
    openapi: { info: { title: `${APP_NAME} API`, version: APP_VERSION } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: API.docs, uiConfig: { docExpansion: 'list' } });

  requireApiHeaders(app);
  installAuthGuard(app, deps.db, sessionPolicy);

  app.get(API.health, { config: { access: 'public' } }, async () => ok({ status: 'ok' }));
  await app.register(authRoutes(ctx));
  await app.register(accountsRoutes(ctx));
  await app.register(teamsRoutes(ctx));
  await app.register(usersRoutes(ctx));
  await app.register(billingRoutes(ctx));
  await app.register(projectsRoutes(ctx));
  await app.register(assetsRoutes(ctx));
  await app.register(chatRoutes(ctx));
  await app.register(notificationsRoutes(ctx));
  await app.register(briefRoutes(ctx));
  await app.register(tasksRoutes(ctx));
  await app.register(approvalsRoutes(ctx));
  await app.register(uploadsRoutes(ctx));
  await app.register(mediaRoutes(ctx));
  await app.register(outboxRoutes(mailer));
  if (config.BLOB_DRIVER === 'fs') {
    // Each part PUT may carry exactly its upload's part size (checked before writing).
    await app.register(
      fsBlobRoutes(blobs as FsBlobStore, {
        maxPartBytes: 5 * 1024 ** 3,
        partLimit: partLimits(deps.db),
      }),
    );
  }

  registerRealtimeMappers(ctx);
  registerPlatformJobs(ctx);
  registerAssetJobs(ctx);
  registerDigestJob(ctx);
  registerTaskJobs(ctx);
  registerUploadJobs(ctx);
  registerMediaJobs(ctx, app.log);
  jobs.assertHandlers(JOB_NAMES);

  serveWebApp(app, config.webDist);
  app.addHook('onClose', async () => {
    await jobs.stop();
    await realtime.close();
    await rateLimitRedis?.quit().catch(() => undefined);
  });
  return { app, ctx };
}

/** Serves the built web app with SPA fallback: unknown GETs outside /api get index.html. */
function serveWebApp(app: FastifyInstance, webDist: string) {
  if (!existsSync(path.join(webDist, 'index.html'))) return;
  void app.register(fastifyStatic, { root: webDist, wildcard: false, index: false, serve: true });
  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, (req, reply) => {
    if (req.url.startsWith('/api/')) return reply.callNotFound();
    return reply.sendFile('index.html');
  });
}
