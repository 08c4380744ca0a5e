import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { API, REQUEST_TIMEOUT_MS, ROUTES } from '@rushes/shared';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { installRequestContext } from './platform/http/requestContext.ts';
import { installAuthGuard } from './platform/auth/guard.ts';
import { installSecurityHeaders } from './platform/http/securityHeaders.ts';
import { tokenLimiter } from './platform/auth/apiTokenGuard.ts';
import { openApiOptions } from './platform/http/openapiDoc.ts';
import { resolveSession, type SessionJoin } from './platform/auth/sessions.ts';
import { connectCache, SessionCache } from './platform/auth/sessionCache.ts';
import { createBlobStore } from './platform/blobs/index.ts';
import type { AppContext } from './platform/context.ts';
import { EventBus } from './platform/events/bus.ts';
import { installPublishPriority } from './platform/events/publishPriority.ts';
import { installMetrics, METRICS_PATH } from './platform/metrics/metrics.ts';
import { requireApiHeaders } from './platform/http/apiHeaders.ts';
import { ok } from './platform/http/envelope.ts';
import { serveWebApp } from './platform/http/webApp.ts';
import { homeTraysReader } from './homeTrays.ts';
import { installErrorHandling } from './platform/http/errorHandler.ts';
import { serve } from './platform/http/serve.ts';
import { RequestLogController, loggerOptions } from './platform/http/logging.ts';
import { guardedValidatorCompiler, installInputGuard } from './platform/http/inputGuard.ts';
import { JobQueue } from './platform/jobs/queue.ts';
import { Mailer } from './platform/mail/mailer.ts';
import { Realtime } from './platform/realtime/realtime.ts';
import { parseCookieHeader } from './platform/realtime/cookies.ts';
import { SESSION_COOKIE } from './platform/auth/sessions.ts';
import { collectJobHandlers, registerModules, scheduleAll, type AnyModule } from './platform/modules.ts';
import { MODULES } from './modules/index.ts';
import { currentUserJoin } from './modules/accounts/index.ts';
import { apiTokenUsed } from './modules/camera/index.ts';
import { shellConfigOf } from './modules/shell/index.ts';

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
}

/**
 * Builds the whole app from plugins and the modules of `MODULES` (tests may pass their own list);
 * no side effects until `listen` and `startApp`.
 */
export async function buildApp(
  config: Config,
  deps: {
    db: Db;
    /** the realtime server's own connections (db/client.ts); the main pool when not given */
    realtimeDb?: Db;
    secret: string;
    modules?: readonly AnyModule[];
    logStream?: DestinationStream;
  },
): Promise<BuiltApp> {
  const modules = deps.modules ?? MODULES;
  // The job registry's boot check runs before anything is built: a bad list never half-starts.
  collectJobHandlers(modules);
  const app = Fastify({
    // Readable lines in development, JSON in production, no tokens or SQL values (platform/http/logging.ts).
    logger: loggerOptions({ level: config.LOG_LEVEL, format: config.LOG_FORMAT, stream: deps.logStream }),
    logController: new RequestLogController(),
    // A whole request must arrive within this time. Upload parts (16 MiB by default) are the longest
    // bodies, so it is the upload part timeout, not the 60 s client timeout of the spec (docs/decisions/0009-uploads-and-media.md).
    requestTimeout: Math.max(REQUEST_TIMEOUT_MS, config.UPLOAD_PART_TIMEOUT_SECONDS * 1000),
    trustProxy: config.TRUST_PROXY,
    genReqId: () => crypto.randomUUID(),
  });
  app.setValidatorCompiler(guardedValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const jobs = new JobQueue({ db: deps.db, pollMs: config.JOBS_POLL_MS, logger: app.log });
  const events = new EventBus(app.log, () => jobs.wake(), {
    warnAfterMs: config.REALTIME_LAG_WARN_MS,
    priorityAfterMs: config.REALTIME_PRIORITY_LAG_MS,
    maxHoldMs: config.REALTIME_PRIORITY_MAX_HOLD_MS,
    maxEvents: config.REALTIME_QUEUE_MAX,
  });
  const mailer = new Mailer(deps.db, jobs, {
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outbox: config.outboxEnabled,
  });
  const sessionCache = new SessionCache(config.SESSION_CACHE_MS);
  const sessionPolicy = {
    idleHours: config.SESSION_IDLE_HOURS,
    maxDays: config.SESSION_MAX_DAYS,
    cache: sessionCache,
  };
  const publicOrigin = new URL(config.publicUrl);
  // On a laptop (PUBLIC_URL on localhost) the Vite dev server's origin is accepted too; a real host never is.
  const devOrigins = publicOrigin.hostname === 'localhost' || publicOrigin.hostname === '127.0.0.1';
  const realtime = new Realtime(app.server, {
    redisUrl: config.REDIS_URL,
    rebalanceMs: config.REALTIME_REBALANCE_MS,
    log: app.log,
    isAllowedOrigin: (origin) =>
      origin === publicOrigin.origin ||
      (devOrigins && /^http:\/\/(localhost|127\.0\.0\.1):\d+$/.test(origin)),
    authenticate: async (header) => {
      const session = await resolveSession(
        deps.realtimeDb ?? deps.db,
        parseCookieHeader(header)[SESSION_COOKIE],
        sessionPolicy,
      );
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
      : // no publicBaseUrl: signed URLs are same-origin paths, so any address of this server works
        createBlobStore({ driver: 'fs', root: config.blobDir, secret: deps.secret });

  // Where the browser PUTs upload parts besides this origin: the S3 store's (its presigned URLs are
  // absolute; signing is local, so a probe URL shows the origin the SDK uses). The fs driver's are relative.
  const probe = await blobs.signGetUrl('csp/probe', { expiresInSeconds: 60 });
  const storeOrigins = /^https?:\/\//.test(probe) ? [new URL(probe).origin] : [];

  connectCache(realtime, sessionCache);
  const ctx: AppContext = {
    config,
    db: deps.db,
    secret: deps.secret,
    jobs,
    mailer,
    events,
    realtime,
    blobs,
    sessionCache,
  };

  // Razorpay's checkout is its script and frames, only when Razorpay is the provider.
  const razorpay = config.paymentProvider === 'razorpay';
  const razorpayScripts = razorpay ? ['https://checkout.razorpay.com'] : [];
  const razorpayFrames = razorpay ? ['https://api.razorpay.com', 'https://checkout.razorpay.com'] : [];
  const razorpayConnect = razorpay ? ['https://*.razorpay.com'] : [];

  installErrorHandling(app);
  await app.register(cookie);
  // The live-chat widget loads its script, frame, images and socket from its own origin.
  const chat = config.supportChatOrigin ? [config.supportChatOrigin] : [];
  const chatSockets = chat.map((o) => o.replace(/^http/, 'ws'));
  installSecurityHeaders(app, {
    scripts: [...razorpayScripts, ...chat],
    frames: [...razorpayFrames, ...chat],
    connect: [...storeOrigins, ...razorpayConnect, ...chat, ...chatSockets],
    images: chat,
  });
  const rateLimitRedis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 3 })
    : undefined;
  // A request whose client is already gone has no address (req.ip undefined): the rate limiter's key
  // would throw (a logged 500 for nobody). Nobody is left to answer: drop it before any hook runs.
  app.addHook('onRequest', (req, reply, done) => {
    if (req.ip === undefined) {
      reply.hijack();
      req.raw.destroy();
      return;
    }
    done();
  });
  // Before any hook that reads the database: a request held for the publish path does no work yet.
  installPublishPriority(app, events, [API.health, METRICS_PATH]);
  installMetrics(app, {
    db: deps.db,
    events,
    sockets: () => realtime.io.engine.clientsCount,
    token: config.METRICS_TOKEN,
    log: app.log,
  });
  installRequestContext(app);
  await app.register(rateLimit, {
    global: false,
    redis: rateLimitRedis,
    nameSpace: 'rushes-rl-',
  });
  await app.register(swagger, openApiOptions());
  await app.register(swaggerUi, { routePrefix: API.docs, uiConfig: { docExpansion: 'list' } });

  requireApiHeaders(app);
  installAuthGuard(app, deps.db, sessionPolicy, {
    limit: tokenLimiter(app, config.API_TOKEN_RATE_LIMIT),
    touched: (tx, token) => apiTokenUsed(tx, token),
  });
  installInputGuard(app);

  serve(app, ROUTES.platform.health, async () => ok({ status: 'ok' as const }));
  await registerModules(app, ctx, modules, deps.realtimeDb);

  serveWebApp(app, config.webDist, {
    // exactly check-login's answer: the same joined read, through the same response schema
    currentUser: async (cookie) => {
      const session = await resolveSession(
        deps.db,
        cookie,
        sessionPolicy,
        currentUserJoin as SessionJoin<unknown>,
      );
      if (session?.kind !== 'full' || !session.joined) return null;
      return ROUTES.auth.checkLogin.response.parse(session.joined);
    },
    shellConfig: shellConfigOf(ctx),
    homeTrays: homeTraysReader(ctx),
  });
  // Graceful shutdown (SIGTERM in main.ts → app.close()). Fastify answers new requests 503 and closes
  // the HTTP server before its onClose hooks run, and that close waits for every connection: sockets
  // are closed first, here, so they reconnect elsewhere and in-flight requests drain meanwhile.
  // Keep-alive connections (a load balancer's) would hold that close open until their idle timeout:
  // answers given while closing say `Connection: close`, and idle connections are closed until it ends.
  let draining = false;
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });
  app.addHook('preClose', async () => {
    draining = true;
    realtime.drain();
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    app.server.once('close', () => clearInterval(sweep));
  });
  app.addHook('onClose', async () => {
    // Running jobs finish; unclaimed ones stay queued for the other nodes (or this one's restart).
    await jobs.stop();
    // Realtime hints still queued (requests', jobs') go out, reading the database, before anything closes.
    await events.idle();
    await realtime.close();
    await rateLimitRedis?.quit().catch(() => undefined);
  });
  return { app, ctx };
}

/**
 * Starts what a running server does besides listening: every module's start-up timers, then the job
 * worker. main.ts and the e2e in-process server both call it, so they cannot drift apart.
 */
export async function startApp({ ctx }: BuiltApp, modules: readonly AnyModule[] = MODULES): Promise<void> {
  await scheduleAll(ctx, modules);
  ctx.jobs.start();
}
