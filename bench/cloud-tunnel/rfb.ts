/**
 * Just enough of an RFB client to time framebuffer updates: the VNC-password handshake (the
 * platform's), ClientInit, Raw encoding only, then `update()` = one FramebufferUpdateRequest and the
 * whole FramebufferUpdate read back.
 */
import type net from 'node:net';
import { performance } from 'node:perf_hooks';
import { authenticateUpstream, ByteReader } from '../../apps/server/src/platform/rfb/rfbClient.ts';

export async function openRfb(socket: net.Socket, password: string) {
  socket.setNoDelay(true);
  const r = new ByteReader();
  socket.on('data', (d: Buffer) => r.push(d));
  socket.on('close', () => r.close());
  socket.on('error', () => r.close());
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const send = (b: Buffer) => void socket.write(b);
  await authenticateUpstream(r, send, password);
  send(Buffer.from([1])); // ClientInit, shared
  const init = await r.read(24);
  const width = init.readUInt16BE(0);
  const height = init.readUInt16BE(2);
  const bytesPerPixel = init[4]! / 8;
  await r.read(init.readUInt32BE(20)); // the desktop's name
  const encodings = Buffer.alloc(8);
  encodings[0] = 2; // SetEncodings: Raw only, so an update's size is known from its rectangles
  encodings.writeUInt16BE(1, 2);
  encodings.writeInt32BE(0, 4);
  send(encodings);

  /** Reads server messages until a FramebufferUpdate has been read whole. */
  async function readUpdate() {
    for (;;) {
      const type = (await r.read(1))[0];
      if (type === 0) {
        const rects = (await r.read(3)).readUInt16BE(1);
        for (let i = 0; i < rects; i++) {
          const head = await r.read(12);
          const encoding = head.readInt32BE(8);
          if (encoding !== 0) throw new Error(`unexpected encoding ${encoding}`);
          await r.read(head.readUInt16BE(4) * head.readUInt16BE(6) * bytesPerPixel);
        }
        return;
      }
      if (type === 2) continue; // Bell
      if (type === 3) {
        await r.read(3);
        await r.read((await r.read(4)).readUInt32BE(0)); // ServerCutText
        continue;
      }
      if (type === 1) {
        const head = await r.read(5);
        await r.read(head.readUInt16BE(3) * 6); // SetColourMapEntries
        continue;
      }
      throw new Error(`unexpected server message ${type}`);
    }
  }

  return {
    width,
    height,
    /** One non-incremental update of the region, ms from the request to its last byte. */
    async update(x: number, y: number, w: number, h: number) {
      const req = Buffer.alloc(10);
      req[0] = 3;
      req[1] = 0;
      req.writeUInt16BE(x, 2);
      req.writeUInt16BE(y, 4);
      req.writeUInt16BE(w, 6);
      req.writeUInt16BE(h, 8);
      const t0 = performance.now();
      send(req);
      await readUpdate();
      return performance.now() - t0;
    },
    close: () => socket.destroy(),
  };
}
