import type { FastifyInstance } from 'fastify';
import type { EventBus } from './bus.ts';

/**
 * The realtime publish path before new HTTP work (DESIGN §11 "Realtime under load"). Hints run on
 * the event loop's check phase, between the I/O callbacks that start requests: under saturation
 * every turn admits more requests, whose queries and commits add hints faster than the turns left
 * publish them. So while the bus says the path lags (EventBus.holdForPublishing: the oldest hint
 * older than REALTIME_PRIORITY_LAG_MS, or REALTIME_QUEUE_MAX waiting), a request arriving now
 * waits, before any hook reads the database, until the hints committed before it arrived are
 * published (at most REALTIME_PRIORITY_MAX_HOLD_MS). Requests already running go on; a held one
 * costs a parsed request and a promise. `exempt` paths (health, metrics) are never held.
 */
export function installPublishPriority(app: FastifyInstance, events: EventBus, exempt: readonly string[]) {
  app.addHook('onRequest', (request, _reply, done) => {
    if (exempt.includes(request.url.split('?', 1)[0])) return done();
    const hold = events.holdForPublishing();
    if (!hold) return done();
    void hold.then(() => done());
  });
}
