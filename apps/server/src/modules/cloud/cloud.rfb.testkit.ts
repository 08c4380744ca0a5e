import net from 'node:net';
import { WebSocket } from 'ws';
import { authenticateUpstream, ByteReader } from '../../platform/rfb/rfbClient.ts';

/** What the RFB speaker needs of its transport: a WebSocket, or a plain TCP socket adapted. */
interface RfbSocket {
  on(event: 'message', fn: (data: Buffer) => void): unknown;
  on(event: 'close', fn: () => void): unknown;
  send(data: Buffer): void;
}

/** A VNC server's TCP port spoken to directly (not through the proxy), as an RfbSocket. */
export function openTcp(port: number, host = '127.0.0.1') {
  return new Promise<RfbSocket & { close(): void }>((resolve, reject) => {
    const s = net.connect(port, host);
    s.once('error', reject);
    s.once('connect', () =>
      resolve({
        on: (event: 'message' | 'close', fn: (data: Buffer) => void) =>
          s.on(event === 'message' ? 'data' : 'close', fn),
        send: (data: Buffer) => void s.write(data),
        close: () => s.destroy(),
      } as RfbSocket & { close(): void }),
    );
  });
}

/** A reader fed by the socket's messages, closed with it. */
function readerOf(ws: RfbSocket) {
  const r = new ByteReader();
  ws.on('message', (data: Buffer) => r.push(data));
  ws.on('close', () => r.close());
  return r;
}

export function openSocket(url: string, headers: Record<string, string>) {
  return new Promise<WebSocket>((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused: ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

/** Speaks RFB 3.8 through the socket with the password; answers the first framebuffer update's size. */
export async function firstFramebufferUpdate(ws: RfbSocket, password: string) {
  const r = readerOf(ws);
  await authenticateUpstream(r, (b) => ws.send(b), password);
  ws.send(Buffer.from([1])); // ClientInit, shared
  const init = await r.read(24);
  const width = init.readUInt16BE(0);
  const height = init.readUInt16BE(2);
  await r.read(init.readUInt32BE(20)); // desktop name
  const req = Buffer.alloc(10);
  req[0] = 3; // FramebufferUpdateRequest, full
  req.writeUInt16BE(width, 6);
  req.writeUInt16BE(height, 8);
  ws.send(req);
  for (;;) {
    const type = (await r.read(1))[0];
    if (type === 0) {
      await r.read(1);
      const rects = (await r.read(2)).readUInt16BE(0);
      return { width, height, rects };
    }
    throw new Error(`unexpected server message ${type}`);
  }
}
