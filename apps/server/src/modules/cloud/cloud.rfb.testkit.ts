import { createCipheriv } from 'node:crypto';
import net from 'node:net';
import { WebSocket } from 'ws';

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

/** A byte reader over a WebSocket carrying an RFB (VNC) stream. */
class Reader {
  private buf = Buffer.alloc(0);
  private waiting: (() => void) | null = null;
  closed = false;
  constructor(ws: RfbSocket) {
    ws.on('message', (data: Buffer) => {
      this.buf = Buffer.concat([this.buf, data]);
      this.waiting?.();
    });
    ws.on('close', () => {
      this.closed = true;
      this.waiting?.();
    });
  }
  async read(n: number): Promise<Buffer> {
    while (this.buf.length < n) {
      if (this.closed) throw new Error('the desktop connection closed');
      await new Promise<void>((r) => (this.waiting = r));
    }
    const out = this.buf.subarray(0, n);
    this.buf = this.buf.subarray(n);
    return out;
  }
}

/** VNC authentication: DES-ECB of the challenge with the bit-reversed password as the key. */
function vncResponse(password: string, challenge: Buffer) {
  const key = Buffer.alloc(8);
  Buffer.from(password, 'latin1').copy(key, 0, 0, 8);
  for (let i = 0; i < 8; i++) {
    let b = key[i]!;
    let r = 0;
    for (let j = 0; j < 8; j++) {
      r = (r << 1) | (b & 1);
      b >>= 1;
    }
    key[i] = r;
  }
  // single DES = 3DES with K1 = K2 = K3 (Node's OpenSSL 3 has no plain des-ecb)
  const cipher = createCipheriv('des-ede3-ecb', Buffer.concat([key, key, key]), null);
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(challenge), cipher.final()]);
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
  const r = new Reader(ws);
  const version = (await r.read(12)).toString('latin1');
  if (!version.startsWith('RFB ')) throw new Error(`not RFB: ${version}`);
  ws.send(Buffer.from('RFB 003.008\n', 'latin1'));
  const count = (await r.read(1))[0]!;
  const types = [...(await r.read(count))];
  if (!types.includes(2)) throw new Error(`no VNC authentication offered: ${types.join(',')}`);
  ws.send(Buffer.from([2]));
  ws.send(vncResponse(password, await r.read(16)));
  const result = (await r.read(4)).readUInt32BE(0);
  if (result !== 0) throw new Error('VNC authentication failed');
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
