import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeUser, sessionCookie, type TestApp } from '../../../test/harness.ts';
import {
  closeAllSockets,
  connect,
  listen,
  sleep,
  type ClientSocket,
} from '../../../test/realtime-helpers.ts';
import { socketsToShed } from './realtime.ts';

describe('socketsToShed', () => {
  it('sheds nothing alone, within the slack, or when at or under the share', () => {
    expect(socketsToShed(2000, 2000, 1)).toBe(0);
    expect(socketsToShed(1015, 2000, 2)).toBe(0);
    expect(socketsToShed(30, 40, 2)).toBe(0); // 10 over a share of 20: under the 20-socket slack
    expect(socketsToShed(500, 2000, 2)).toBe(0);
  });

  it('sheds twice the excess over two nodes (half come back), at most a fifth of its sockets', () => {
    expect(socketsToShed(1200, 2000, 2)).toBe(240); // 200 over: 400 capped at 1,200 / 5
    expect(socketsToShed(1110, 2000, 2)).toBe(220); // 110 over: 220 closed, about 110 move
    expect(socketsToShed(2000, 2000, 2)).toBe(400);
    expect(socketsToShed(1500, 3000, 3)).toBe(300); // 500 over: 750 capped at 300
  });
});

/**
 * Two nodes on one PostgreSQL and Redis behind a round-robin TCP balancer, as the load bench runs
 * them. Every socket first lands on A (B restarting, say); then the balancer spreads new connections
 * again and A moves sockets until it is within its share, every client still connected.
 */
const multiInstance = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

describe.skipIf(!multiInstance)('rebalancing sockets between two nodes', () => {
  let a: TestApp;
  let b: TestApp;
  let balancer: net.Server;
  let only: 'a' | null = 'a';
  const ports: number[] = [];

  beforeAll(async () => {
    a = await createTestApp({ REALTIME_REBALANCE_MS: '150' });
    b = await createTestApp({ REALTIME_REBALANCE_MS: '150' }, { sameDatabaseAs: a });
    for (const t of [a, b]) ports.push(Number(new URL(await listen(t)).port));
    let turn = 0;
    balancer = net.createServer((client) => {
      const port = only === 'a' ? ports[0] : ports[turn++ % 2];
      const upstream = net.connect(port, '127.0.0.1');
      client.pipe(upstream).pipe(client);
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
    });
    await new Promise<void>((r) => balancer.listen(0, '127.0.0.1', r));
  });
  afterAll(async () => {
    closeAllSockets();
    balancer?.close();
    await b?.close();
    await a?.close();
  });

  const count = (t: TestApp) => t.ctx.realtime.io.of('/').sockets.size;

  it('a node holding every socket moves them until it holds its share, and every client reconnects', async () => {
    const { user } = await makeUser(a.ctx);
    const cookie = await sessionCookie(a.ctx, user);
    const url = `http://127.0.0.1:${(balancer.address() as AddressInfo).port}`;
    const clients: ClientSocket[] = [];
    for (let i = 0; i < 80; i++) clients.push(await connect(url, { cookie, reconnection: true }));
    // A is already closing some (above its share), but they can only come back to A
    expect(count(b)).toBe(0);

    only = null;
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && !(count(b) >= 20 && count(a) + count(b) === 80)) await sleep(100);
    // within the slack of the share (40 each), nobody left out
    expect(count(b)).toBeGreaterThanOrEqual(20);
    expect(count(a)).toBeLessThanOrEqual(60);
    expect(count(a) + count(b)).toBe(80);
    await sleep(1_000);
    expect(clients.every((c) => c.connected)).toBe(true);
    // settled: no more moves once within the share
    const settled = [count(a), count(b)];
    await sleep(1_000);
    expect([count(a), count(b)]).toEqual(settled);
  });
});
