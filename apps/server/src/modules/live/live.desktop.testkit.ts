import net from 'node:net';
import { expect } from 'vitest';
import { WebSocket } from 'ws';
import { LIVE_API } from '@rushes/shared';
import { ByteReader } from '../../platform/rfb/rfbClient.ts';

/** The guest's side of the workstation view in tests: open it, watch it, and what the VNC server got. */

/** Opens the guest desktop WebSocket of `base` (ws://host:port). */
export function openDesktopAt(
  base: string,
  collabId: string,
  token: string,
  headers: Record<string, string>,
) {
  const q = new URLSearchParams({ live_collaboration_db_id: collabId, token });
  return new Promise<WebSocket>((resolve, reject) => {
    const ws = new WebSocket(`${base}${LIVE_API.desktop}?${q}`, { headers });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused: ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

/** A viewer without a password: RFB 3.8, security None, ClientInit, then a full update request. */
export async function watch(ws: WebSocket) {
  const r = new ByteReader();
  ws.on('message', (b: Buffer) => r.push(b));
  ws.on('close', () => r.close());
  expect((await r.read(12)).toString('latin1')).toBe('RFB 003.008\n');
  ws.send(Buffer.from('RFB 003.008\n', 'latin1'));
  const count = (await r.read(1))[0]!;
  // the only security type offered is None: the guest is never asked for (nor given) the password
  expect([...(await r.read(count))]).toEqual([1]);
  ws.send(Buffer.from([1]));
  expect((await r.read(4)).readUInt32BE(0)).toBe(0);
  ws.send(Buffer.from([0])); // ClientInit not shared: the server makes it shared
  const init = await r.read(24);
  const width = init.readUInt16BE(0);
  const height = init.readUInt16BE(2);
  await r.read(init.readUInt32BE(20));
  const req = Buffer.alloc(10);
  req[0] = 3;
  req.writeUInt16BE(width, 6);
  req.writeUInt16BE(height, 8);
  ws.send(req);
  expect((await r.read(1))[0]).toBe(0); // FramebufferUpdate
  await r.read(1);
  const rects = (await r.read(2)).readUInt16BE(0);
  return { width, height, rects };
}

/** A relay in front of x11vnc that records every byte the VNC server receives. */
export async function recordingRelay(port: number) {
  const received: Buffer[] = [];
  const arrivals: (() => void)[] = [];
  const server = net.createServer((client) => {
    const vnc = net.connect(port, '127.0.0.1');
    client.on('data', (b) => {
      received.push(b);
      for (const wake of arrivals.splice(0)) wake();
      vnc.write(b);
    });
    vnc.on('data', (b) => client.write(b));
    client.on('close', () => vnc.destroy());
    vnc.on('close', () => client.destroy());
    client.on('error', () => vnc.destroy());
    vnc.on('error', () => client.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const all = () => Buffer.concat(received);
  return {
    port: (server.address() as net.AddressInfo).port,
    all,
    /** resolves once the VNC server has received these bytes (ordered stream: all before too) */
    async reached(bytes: Buffer) {
      while (!all().includes(bytes)) await new Promise<void>((r) => arrivals.push(r));
    },
    close: () => server.close(),
  };
}

export const pointerAt = (x: number, y: number, buttons: number) => {
  const b = Buffer.alloc(6);
  b[0] = 5;
  b[1] = buttons;
  b.writeUInt16BE(x, 2);
  b.writeUInt16BE(y, 4);
  return b;
};
export const keyDown = (keysym: number) => {
  const b = Buffer.alloc(8);
  b[0] = 4;
  b[1] = 1;
  b.writeUInt32BE(keysym, 4);
  return b;
};
/** An incremental update request of a unique size: a sentinel after the input under test. */
export const sentinel = (n: number) => {
  const b = Buffer.alloc(10);
  b[0] = 3;
  b[1] = 1;
  b.writeUInt16BE(n, 6);
  b.writeUInt16BE(n, 8);
  return b;
};
