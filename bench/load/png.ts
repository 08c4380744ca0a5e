import { crc32, deflateSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';

/** A valid 64×64 RGB PNG of noise (about 12 KB): the load test's small upload, a still. */
export function smallPng(): Buffer {
  const side = 64;
  const rows = Buffer.alloc(side * (1 + side * 3));
  for (let y = 0; y < side; y++) randomBytes(side * 3).copy(rows, y * (1 + side * 3) + 1);
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
