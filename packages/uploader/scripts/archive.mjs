// The two archive forms of the portable downloads, written here so the build needs no zip or tar
// program: a .zip (Windows opens it without any tool) and a .tar.gz (macOS's Archive Utility keeps the
// executable bits, so the launcher and node stay runnable after a double-click).
import { createReadStream, createWriteStream, readFileSync, statSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const deflateRaw = promisify(zlib.deflateRaw);

/**
 * @typedef {{ name: string, mode: number, file?: string, text?: string }} Entry
 * A file of an archive: `name` inside it (forward slashes), its Unix mode, and its bytes from a file
 * on disk or a text.
 */

const bytesOf = (entry) => (entry.file ? readFileSync(entry.file) : Buffer.from(entry.text ?? '', 'utf8'));

function dosTime(date) {
  const time = (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() >> 1);
  const day = ((date.getUTCFullYear() - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate();
  return { time, day };
}

/** Writes a deflated .zip of `entries` (Unix modes kept in the external attributes). */
export async function writeZip(out, entries, mtime) {
  const { time, day } = dosTime(mtime);
  const locals = [];
  const central = [];
  let offset = 0;
  for (const entry of entries) {
    const data = bytesOf(entry);
    const packed = await deflateRaw(data, { level: 6 });
    const name = Buffer.from(entry.name, 'utf8');
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: deflate
    local.writeUInt16LE(0x0800, 6); // names are UTF-8
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(day, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, packed);
    const head = Buffer.alloc(46);
    head.writeUInt32LE(0x02014b50, 0);
    head.writeUInt16LE((3 << 8) | 20, 4); // made by Unix, so the mode below is read
    head.writeUInt16LE(20, 6);
    head.writeUInt16LE(0x0800, 8);
    head.writeUInt16LE(8, 10);
    head.writeUInt16LE(time, 12);
    head.writeUInt16LE(day, 14);
    head.writeUInt32LE(crc, 16);
    head.writeUInt32LE(packed.length, 20);
    head.writeUInt32LE(data.length, 24);
    head.writeUInt16LE(name.length, 28);
    head.writeUInt32LE(((0o100000 | entry.mode) << 16) >>> 0, 38);
    head.writeUInt32LE(offset, 42);
    central.push(head, name);
    offset += local.length + name.length + packed.length;
  }
  const centralSize = central.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  await pipeline(
    (function* () {
      yield* locals;
      yield* central;
      yield end;
    })(),
    createWriteStream(out),
  );
}

function tarHeader(name, mode, size, mtime, type) {
  const h = Buffer.alloc(512);
  const put = (text, at, len) => h.write(text, at, len, 'utf8');
  const octal = (n, at, len) => put(n.toString(8).padStart(len - 1, '0'), at, len - 1);
  if (Buffer.byteLength(name) > 100) throw new Error(`tar name too long: ${name}`);
  put(name, 0, 100);
  octal(mode, 100, 8);
  octal(0, 108, 8);
  octal(0, 116, 8);
  octal(size, 124, 12);
  octal(Math.floor(mtime.getTime() / 1000), 136, 12);
  h.fill(0x20, 148, 156);
  put(type, 156, 1);
  put('ustar\u000000', 257, 8);
  put('root', 265, 32);
  put('root', 297, 32);
  let sum = 0;
  for (const byte of h) sum += byte;
  put(`${sum.toString(8).padStart(6, '0')}\u0000 `, 148, 8);
  return h;
}

/** Writes a gzipped ustar archive of `entries` under one top folder `dir`. */
export async function writeTarGz(out, dir, entries, mtime) {
  async function* tar() {
    yield tarHeader(`${dir}/`, 0o755, 0, mtime, '5');
    for (const entry of entries) {
      const size = entry.file ? statSync(entry.file).size : Buffer.byteLength(entry.text ?? '');
      yield tarHeader(`${dir}/${entry.name}`, entry.mode, size, mtime, '0');
      if (entry.file) yield* createReadStream(entry.file, { highWaterMark: 1 << 20 });
      else yield Buffer.from(entry.text ?? '', 'utf8');
      if (size % 512) yield Buffer.alloc(512 - (size % 512));
    }
    yield Buffer.alloc(1024);
  }
  await pipeline(tar(), zlib.createGzip({ level: 6 }), createWriteStream(out));
}
