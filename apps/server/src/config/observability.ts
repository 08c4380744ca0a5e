import { z } from 'zod';

const ms = (fallback: number) => z.coerce.number().int().min(0).default(fallback);

export const observability = {
  METRICS_TOKEN: z
    .string()
    .min(16)
    .optional()
    .describe(
      '`GET /metrics` (Prometheus text format) answers a request from this machine (socket and every forwarded address loopback) and, when set, a request with `Authorization: Bearer <token>` from anywhere; others get a plain 403',
    ),
  REALTIME_LAG_WARN_MS: ms(2000).describe(
    'log a warning (at most every 10 s) while the oldest committed realtime hint not yet published is older than this',
  ),
  REALTIME_PRIORITY_LAG_MS: ms(250).describe(
    'while the oldest unpublished realtime hint is older than this (or `REALTIME_QUEUE_MAX` are waiting), a new HTTP request waits until the hints committed before it arrived are published (at most `REALTIME_PRIORITY_MAX_HOLD_MS`); `0` disables',
  ),
  REALTIME_PRIORITY_MAX_HOLD_MS: ms(1000).describe(
    'the longest a new HTTP request is held for the realtime publish path to catch up',
  ),
  REALTIME_REBALANCE_MS: ms(2000).describe(
    'with `REDIS_URL`, how often each node tells the others how many sockets it holds; a node above its share closes a part of its sockets (at most a fifth every other round), which reconnect through the load balancer, so a node that restarted takes its share back before the next one restarts; `0` disables',
  ),
  REALTIME_QUEUE_MAX: z.coerce
    .number()
    .int()
    .positive()
    .default(5000)
    .describe(
      'the bound of the committed-but-unpublished realtime hints of a node: at it, new HTTP requests are held whatever the lag (hints are never dropped; repeated hints of the same room in one publish round are sent once)',
    ),
};
