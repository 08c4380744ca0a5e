import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { CLOUD_API, type CloudTime } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { listen } from '../../../test/realtime-helpers.ts';
import { oneTimePassword, providerOf, setProviderForTests, type CloudProvider } from './cloud.providers.ts';
import { book, call, cloudWorld, end, person, sessionRow, type Person } from './cloud.testkit.ts';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import {
  connectorToken,
  publicHost,
  publicOrigin,
  shownAddress,
  TUNNEL_FAILURES_PER_MINUTE,
} from './cloud.tunnel.ts';
// @ts-expect-error: the program is plain ESM without types
import * as connector from '../../../../../packages/uploader/src/connect/tunnel.mjs';

const { clientFrame, frameReader, pipeThroughTunnel } = connector as {
  clientFrame: (opcode: number, payload: Buffer) => [Buffer, Buffer];
  frameReader: (on: {
    onData: (part: Buffer) => void;
    onControl: (opcode: number, payload: Buffer) => void;
    onError: () => void;
  }) => (chunk: Buffer) => void;
  pipeThroughTunnel: (local: net.Socket, wsUrl: string) => Promise<{ opened: boolean }>;
};

/**
 * The connector's way in, without a desktop: the session's "VNC server" is a TCP server of the test
 * that greets like RFB and echoes, so what the tunnel carries both ways is seen. The real desktop
 * through the real `connect` command is cloud.tunnel.desktop.test.ts.
 */
let t: TestApp;
let base: string;
let vnc: net.Server;
const LAN = '192.168.1.20:3000';
const randomAddress = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;
const client = randomAddress();

beforeAll(async () => {
  // behind a trusted proxy: each run counts its failures under an address of its own (the limiter's
  // counts live in Redis on the PostgreSQL + Redis run, and outlive the app)
  t = await createTestApp({ CLOUD_PROVIDER: 'simulated', TRUST_PROXY: 'true' });
  base = (await listen(t)).replace(/^http/, 'ws');
  vnc = net.createServer((s) => {
    s.write('RFB 003.008\n');
    s.on('data', (d) => s.write(d));
  });
  await new Promise<void>((resolve) => vnc.listen(0, '127.0.0.1', resolve));
  const port = (vnc.address() as net.AddressInfo).port;
  const inner = providerOf(t.ctx, t.app.log);
  const fake: CloudProvider = {
    ...inner,
    start: async () => ({
      hostName: 'test.rushes.local',
      ipAddress: '127.0.0.1',
      port,
      username: 'editor',
      password: oneTimePassword(),
      ref: 'tunnel-test',
    }),
  };
  setProviderForTests(t.ctx, fake);
});
afterAll(async () => {
  await t?.close();
  vnc?.close();
});

const get = <T>(who: Person, url: string, query: Record<string, string>, host = LAN) =>
  t.call<T>('GET', url, { cookie: who.cookie, query, headers: { host } });

/** Opens the tunnel; answers the socket once open, or throws 'refused: <status>'. */
function tunnel(cloudId: string, token: string | null, headers: Record<string, string> = {}, from = client) {
  const q = new URLSearchParams({ cloud_id: cloudId, ...(token === null ? {} : { token }) });
  return new Promise<WebSocket>((resolve, reject) => {
    const ws = new WebSocket(`${base}${CLOUD_API.tunnel}?${q}`, {
      headers: { 'x-forwarded-for': from, ...headers },
    });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused: ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

/** The greeting, then what was sent comes back: the bytes flow both ways. */
async function roundTrip(ws: WebSocket) {
  const got: Buffer[] = [];
  ws.on('message', (d: Buffer) => got.push(d));
  await expect.poll(() => Buffer.concat(got).toString()).toBe('RFB 003.008\n');
  ws.send(Buffer.from([1, 2, 3]));
  await expect.poll(() => Buffer.concat(got).subarray(12).toString('hex')).toBe('010203');
}

describe('the connector tunnel', () => {
  let owner: Person;
  let projectId: string;
  let id: string;
  let token: string;

  it('the connection file names the address the browser reached, never loopback, and the command', async () => {
    ({ owner, projectId } = await cloudWorld(t, 0));
    const booked = await book(t, owner, projectId);
    expect(`${booked.status} ${booked.body.errormessage ?? ''}`).toBe('200 ');
    id = booked.body.data.cloud_access_db_id;
    await t.ctx.jobs.drainForTests();
    const file = await get<{ file_name: string; content: string; command: string }>(
      owner,
      CLOUD_API.connectionFile,
      { cloud_id: id },
    );
    expect(file.status).toBe(200);
    const code = booked.body.data.cloud_assignment_id;
    expect(file.body.data.file_name).toBe(`${code}.rushes`);
    expect(file.body.data.command).toBe(`rushes-upload connect ${code}.rushes`);
    const content = JSON.parse(file.body.data.content) as { url: string; cloud_id: string; token: string };
    expect(content).toMatchObject({ url: `http://${LAN}`, cloud_id: id });
    expect(file.body.data.content).not.toMatch(/127\.0\.0\.1|localhost/);
    token = content.token;

    // the ready step's address is that host too; from the server's own loopback, not 127.0.0.1 either
    const shown = await get<CloudTime>(owner, CLOUD_API.time, {});
    expect(shown.body.data.session?.ip_address).toBe('192.168.1.20');
    const local = await get<CloudTime>(owner, CLOUD_API.time, {}, '127.0.0.1:3000');
    expect(local.body.data.session?.ip_address).not.toMatch(/^127\./);

    // another user gets no file for it
    const other = await person(t);
    expect((await get(other, CLOUD_API.connectionFile, { cloud_id: id })).status).toBe(404);
  });

  it('opens for the owner while started, with no cookie, and carries the bytes both ways', async () => {
    const ws = await tunnel(id, token);
    await roundTrip(ws);
    ws.close();
    // a same-host Origin is fine; an extension does not invalidate the file
    await call(t, 'PUT', CLOUD_API.extend, owner, { project_db_id: projectId, cloud_id: id, duration: 60 });
    const again = await tunnel(id, token, { origin: base.replace(/^ws/, 'http') });
    await roundTrip(again);
    again.close();
  });

  it('the connector’s own WebSocket client carries megabytes both ways unchanged', async () => {
    const local = net.createServer(
      (s) =>
        void pipeThroughTunnel(
          s,
          `${base}${CLOUD_API.tunnel}?${new URLSearchParams({ cloud_id: id, token })}`,
        ),
    );
    await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
    const viewer = net.connect((local.address() as net.AddressInfo).port, '127.0.0.1');
    const got: Buffer[] = [];
    viewer.on('data', (d: Buffer) => got.push(d));
    const sent = Buffer.from(Array.from({ length: 3 * 1024 * 1024 }, (_, i) => (i * 7919) % 251));
    viewer.write(sent);
    await expect.poll(() => Buffer.concat(got).length, { timeout: 10_000 }).toBe(12 + sent.length);
    expect(Buffer.concat(got).subarray(0, 12).toString()).toBe('RFB 003.008\n');
    expect(Buffer.concat(got).subarray(12).equals(sent)).toBe(true);
    viewer.destroy();
    local.close();
  });

  it('is refused without a token, with a bad one, from a foreign page, for another user', async () => {
    await expect(tunnel(id, null)).rejects.toThrow('refused: 401');
    await expect(tunnel(id, `${token.slice(0, -2)}xx`)).rejects.toThrow('refused: 401');
    await expect(tunnel(id, token, { origin: 'https://evil.example' })).rejects.toThrow('refused: 403');
    await expect(tunnel('00000000-0000-4000-8000-000000000000', token)).rejects.toThrow('refused: 404');
    // a well-signed token of someone who may not open this desktop
    const other = await person(t);
    const row = await sessionRow(t, id);
    await expect(tunnel(id, connectorToken(t.ctx.secret, id, other.user.id, row.endsAt!))).rejects.toThrow(
      'refused: 403',
    );
    // one session's token does not open another's
    const { owner: o2, projectId: p2 } = await cloudWorld(t, 0);
    const id2 = (await book(t, o2, p2)).body.data.cloud_access_db_id;
    await t.ctx.jobs.drainForTests();
    await expect(tunnel(id2, token)).rejects.toThrow('refused: 401');
    await end(t, o2, p2, id2);
  });

  it('after End: the open tunnel closes and a new one is refused', async () => {
    const ws = await tunnel(id, token);
    const closed = new Promise((resolve) => ws.once('close', resolve));
    await end(t, owner, projectId, id);
    await closed;
    await expect(tunnel(id, token)).rejects.toThrow('refused: 403');
  });

  it('the program to download per OS is our own build (or its page when not built)', async () => {
    const linux = await get<{ url: string; file_name: string | null }>(owner, CLOUD_API.connector, {
      os: 'linux',
      key: 'vnc_viewer',
    });
    expect(linux.body.data).toEqual({ url: '/uploader?os=linux', file_name: null, size: null, sha256: null });
    const dist = t.ctx.config.uploaderDist;
    mkdirSync(dist, { recursive: true });
    const bytes = Buffer.from('MZ windows exe');
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const file = 'rushes-upload-windows-x64.exe';
    writeFileSync(path.join(dist, file), bytes);
    const platform = { os: 'windows', file, size: bytes.length, sha256, form: 'sea', node: '26.0.0' };
    writeFileSync(
      path.join(dist, 'manifest.json'),
      JSON.stringify({
        version: '0.1.0',
        node: '26.0.0',
        built_at: new Date().toISOString(),
        platforms: [platform],
      }),
    );
    const win = await get(owner, CLOUD_API.connector, { os: 'windows' });
    expect(win.body.data).toEqual({
      url: `/api/uploader/file?name=${file}`,
      file_name: file,
      size: bytes.length,
      sha256,
    });
    expect((await get(owner, CLOUD_API.connector, { os: 'mac_silicon' })).body.data).toMatchObject({
      url: '/uploader?os=macos_silicon',
    });
  });

  it('failed attempts are limited per address: then even a right token is refused (429)', async () => {
    await t.ctx.jobs.drainForTests(); // the ended sessions give their machines back
    const { owner: o3, projectId: p3 } = await cloudWorld(t, 0);
    const booked = await book(t, o3, p3);
    expect(booked.body.errormessage ?? '').toBe('');
    const id3 = booked.body.data.cloud_access_db_id;
    await t.ctx.jobs.drainForTests();
    const file = await get<{ content: string }>(o3, CLOUD_API.connectionFile, { cloud_id: id3 });
    const good = (JSON.parse(file.body.data.content) as { token: string }).token;
    const guesser = randomAddress();
    for (let i = 0; i < TUNNEL_FAILURES_PER_MINUTE; i++)
      await expect(tunnel(id3, 'x', {}, guesser)).rejects.toThrow('refused: 401');
    await expect(tunnel(id3, good, {}, guesser)).rejects.toThrow('refused: 429');
    // another address is not held back
    const ws = await tunnel(id3, good);
    await roundTrip(ws);
    ws.close();
  });
});

describe('the connector’s WebSocket frames', () => {
  it('reads frames cut anywhere, streams data, answers control frames whole, refuses a masked one', () => {
    const data: Buffer[] = [];
    const control: string[] = [];
    let refused = 0;
    const push = frameReader({
      onData: (b: Buffer) => data.push(Buffer.from(b)),
      onControl: (op: number, b: Buffer) => control.push(`${op}:${b.toString()}`),
      onError: () => refused++,
    });
    const server = (op: number, body: Buffer) => {
      const n = body.length;
      // a server's frame: FIN, unmasked, 7-bit, 16-bit or 64-bit length
      if (n < 126) return Buffer.concat([Buffer.from([0x80 | op, n]), body]);
      const head = Buffer.alloc(n < 65536 ? 4 : 10);
      head.set([0x80 | op, n < 65536 ? 126 : 127]);
      if (n < 65536) head.writeUInt16BE(n, 2);
      else head.writeBigUInt64BE(BigInt(n), 2);
      return Buffer.concat([head, body]);
    };
    const big = Buffer.alloc(70_000, 9);
    const stream = Buffer.concat([
      server(2, Buffer.from('ab')),
      server(9, Buffer.from('hi')),
      server(2, big),
      server(2, Buffer.alloc(300, 1)),
    ]);
    for (let i = 0; i < stream.length; i += 7) push(stream.subarray(i, i + 7));
    expect(Buffer.concat(data).equals(Buffer.concat([Buffer.from('ab'), big, Buffer.alloc(300, 1)]))).toBe(
      true,
    );
    expect(control).toEqual(['9:hi']);
    // what the client sends is masked (RFC 6455 §5.3) and unmasks to the payload
    const [head, body] = clientFrame(2, Buffer.from('xyz')) as [Buffer, Buffer];
    expect(head[1]).toBe(0x80 | 3);
    expect(Buffer.from(body.map((b, i) => b ^ head[2 + (i & 3)]!)).toString()).toBe('xyz');
    push(Buffer.concat([head, body]));
    expect(refused).toBe(1);
  });
});

describe('the public address handed to the user’s computer', () => {
  const asked = (host: string, protocol = 'http') => ({ host, protocol }) as unknown as FastifyRequest;
  const config = (publicUrl: string) => ({ publicUrl }) as Config;

  it('is the address the browser used, with PUBLIC_URL’s scheme when it names the same host', () => {
    expect(publicOrigin(asked('192.168.1.20:3000'), config('http://localhost:3000'))).toBe(
      'http://192.168.1.20:3000',
    );
    // behind a TLS proxy that is not trusted the request looks like plain http
    expect(publicOrigin(asked('rushes.example.com'), config('https://rushes.example.com'))).toBe(
      'https://rushes.example.com',
    );
  });

  it('from the server’s own loopback: PUBLIC_URL, else this machine’s network address, never loopback', () => {
    expect(publicOrigin(asked('127.0.0.1:3000'), config('https://rushes.example.com'))).toBe(
      'https://rushes.example.com',
    );
    const lan = Object.values(os.networkInterfaces())
      .flat()
      .find((a) => a?.family === 'IPv4' && !a.internal)?.address;
    const local = publicOrigin(asked('localhost:3000'), config('http://localhost:3000'));
    if (lan) expect(local).toBe(`http://${lan}:3000`);
    if (lan) expect(publicHost(asked('[::1]:3000'), config('http://127.0.0.1:3000'))).toBe(lan);
  });

  it('a pool machine’s own address is shown; a loopback one never', () => {
    expect(shownAddress('10.0.0.7', 'rushes.example.com')).toBe('10.0.0.7');
    expect(shownAddress('127.0.0.1', 'rushes.example.com')).toBe('rushes.example.com');
  });
});
