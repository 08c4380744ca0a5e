import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../../db/client.ts';
import { poolStats } from '../../db/client.ts';
import type { EventBus } from '../events/bus.ts';
import { countPendingJobs } from '../jobs/jobStore.ts';
import { cameFromThisMachine } from '../http/loopback.ts';

export const METRICS_PATH = '/metrics';

export interface MetricsSources {
  db: Db;
  events: EventBus;
  /** Open Socket.IO connections of this node. */
  sockets: () => number;
  /** METRICS_TOKEN: a bearer token that reaches the endpoint from anywhere. */
  token?: string;
  log: { warn: (obj: object, msg: string) => void };
}

/** Request durations (seconds): from 5 ms, where a cached read lands, to the 10 s of a stuck one. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const digest = (s: string) => createHash('sha256').update(s).digest();

/** This machine (socket and every forwarded hop loopback), or the bearer METRICS_TOKEN. */
export function mayScrape(req: FastifyRequest, token: string | undefined): boolean {
  if (cameFromThisMachine(req)) return true;
  const given = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
  return !!token && !!given && timingSafeEqual(digest(given), digest(token));
}

/**
 * The Prometheus endpoint of this node (DESIGN §11): prom-client's default process metrics (CPU,
 * memory, GC, event-loop lag), request durations per route pattern, the realtime publish backlog,
 * the job queue's depth and the database pool. A registry per app, so test apps don't collide.
 * Outside /api: no session guard, no envelope, not in the OpenAPI document; others get a plain 403.
 */
export function installMetrics(app: FastifyInstance, src: MetricsSources): Registry {
  const registry = new Registry();
  // Standard names (process_*, nodejs_*, nodejs_eventloop_lag_*), so stock dashboards read them.
  collectDefaultMetrics({ register: registry });

  const http = new Histogram({
    name: 'rushes_http_request_duration_seconds',
    help: 'HTTP request duration, by route pattern, method and status class',
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The pattern (/api/projects/:id), never the raw URL: one series per route, not per id.
    const route = request.routeOptions.url ?? '(unmatched)';
    const statusClass = `${Math.floor(reply.statusCode / 100)}xx`;
    http.observe({ route, method: request.method, status_class: statusClass }, reply.elapsedTime / 1000);
  });

  const publish = () => src.events.publishStats();
  new Gauge({
    name: 'rushes_realtime_publish_pending',
    help: 'committed events whose realtime hints are not yet published on this node',
    registers: [registry],
    collect() {
      this.set(publish().pending);
    },
  });
  new Gauge({
    name: 'rushes_realtime_publish_lag_seconds',
    help: 'age of the oldest committed event whose realtime hints are not yet published (0: none)',
    registers: [registry],
    collect() {
      this.set(publish().oldestAgeMs / 1000);
    },
  });
  const counter = (name: string, help: string, read: () => number) =>
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  counter(
    'rushes_realtime_published_total',
    'committed events handed to their realtime listeners',
    () => publish().published,
  );
  counter(
    'rushes_realtime_coalesced_total',
    'hints not sent because a later one of the same key was in the same round',
    () => publish().coalesced,
  );
  counter(
    'rushes_realtime_held_requests_total',
    'HTTP requests held while the realtime publish path lagged',
    () => publish().held,
  );
  counter(
    'rushes_realtime_hold_timeouts_total',
    'held HTTP requests released by REALTIME_PRIORITY_MAX_HOLD_MS, not by catching up',
    () => publish().holdTimeouts,
  );
  new Gauge({
    name: 'rushes_realtime_sockets',
    help: 'open Socket.IO connections on this node',
    registers: [registry],
    collect() {
      this.set(src.sockets());
    },
  });

  new Gauge({
    name: 'rushes_jobs',
    help: 'pending jobs by queue (job name) and state: due (waiting for a worker), scheduled (later), active',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        for (const { name, due, scheduled, active } of await countPendingJobs(src.db)) {
          this.set({ queue: name, state: 'due' }, due);
          this.set({ queue: name, state: 'scheduled' }, scheduled);
          this.set({ queue: name, state: 'active' }, active);
        }
      } catch (err) {
        // A scrape during a database outage still answers the rest (the pool gauges show why).
        src.log.warn({ err }, 'metrics: job queue depth not read');
      }
    },
  });
  new Gauge({
    name: 'rushes_db_pool_connections',
    help: 'database connections by state (PGlite: one, busy or idle)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = poolStats(src.db);
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
    },
  });
  new Gauge({
    name: 'rushes_db_pool_waiting',
    help: 'queries waiting for a database connection (PGlite: for its lock)',
    registers: [registry],
    collect() {
      this.set(poolStats(src.db)?.waiting ?? 0);
    },
  });

  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!mayScrape(request, src.token)) return reply.code(403).type('text/plain').send('forbidden\n');
    return reply.type(registry.contentType).send(await registry.metrics());
  });
  return registry;
}
