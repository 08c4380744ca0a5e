import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { API } from '@rushes/shared';
import { createTestApp, makeUser, sessionCookie, type TestApp } from '../../test/harness.ts';
import { closeAllSockets, connect, disconnected, listen, refusal } from '../../test/realtime-helpers.ts';

/**
 * Graceful shutdown (SIGTERM → app.close(), main.ts), as a rolling restart needs it: the node's sockets
 * are closed as a network failure (the client reconnects, through the load balancer, elsewhere), a
 * request in flight is answered, a running job finishes, and only then does close resolve.
 */
let apps: TestApp[] = [];
afterEach(async () => {
  closeAllSockets();
  await Promise.all(apps.map((a) => a.close().catch(() => undefined)));
  apps = [];
});

async function started() {
  const t = await createTestApp();
  const url = await listen(t);
  const { user } = await makeUser(t.ctx);
  return { t, url, cookie: await sessionCookie(t.ctx, user) };
}

/** A login POST whose body is held back: in flight until `finish` sends the rest. */
function heldRequest(url: string) {
  const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password-1A!' });
  const req = http.request(`${url}${API.auth.login}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      'api-type': 'web',
      'api-version': '1',
    },
  });
  const answer = new Promise<{ status: number; body: string; connection?: string }>((resolve, reject) => {
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString(),
          connection: res.headers.connection,
        }),
      );
    });
    req.on('error', reject);
  });
  req.write(body.slice(0, 10));
  return { answer, finish: () => req.end(body.slice(10)) };
}

describe('graceful shutdown', () => {
  it('closes sockets so they reconnect, then drains the request in flight and the running job', async () => {
    const { t, url, cookie } = await started();
    apps.push(t);
    const socket = await connect(url, { cookie });

    // A job that runs until the test lets it finish.
    const order: string[] = [];
    let jobStarted!: () => void;
    const running = new Promise<void>((r) => (jobStarted = r));
    let releaseJob!: () => void;
    const held = new Promise<void>((r) => (releaseJob = r));
    const jobs = t.ctx.jobs as unknown as {
      register(name: string, handler: () => Promise<void>): void;
      enqueue(db: unknown, name: string, data: object): Promise<string>;
    };
    jobs.register('shutdowntest.hold', async () => {
      jobStarted();
      await held;
      order.push('job finished');
    });
    t.ctx.jobs.start();
    await jobs.enqueue(t.ctx.db, 'shutdowntest.hold', {});
    t.ctx.jobs.wake();
    await running;

    // A request whose headers arrived (so it was routed) but whose body has not.
    const arrived = new Promise((r) => t.app.server.once('request', r));
    const request = heldRequest(url);
    await arrived;

    const reason = disconnected(socket);
    apps = apps.filter((a) => a !== t);
    const closed = t.close().then(() => order.push('closed'));
    // 'transport close' is a network failure to the client, which reconnects; after
    // 'io server disconnect' (a Socket.IO disconnect packet) it would stay offline.
    expect(await reason).toBe('transport close');
    expect(order).toEqual([]);

    request.finish();
    const answer = await request.answer;
    order.push('answered');
    // Answered by the login route (wrong password), not refused as the server closes.
    expect(answer.status).not.toBe(503);
    expect(JSON.parse(answer.body)).toMatchObject({ response: false });
    // …and its keep-alive connection ends with it, so the HTTP server's close is not held open.
    expect(answer.connection).toBe('close');
    expect(order).toEqual(['answered']);

    releaseJob();
    await closed;
    expect(order).toEqual(['answered', 'job finished', 'closed']);
  });

  it('a draining node refuses new sockets, so a reconnecting client goes to another node', async () => {
    const { t, url, cookie } = await started();
    apps.push(t);
    await connect(url, { cookie });
    t.ctx.realtime.drain();
    expect(await refusal(url, { cookie })).toBeTruthy();
  });
});
