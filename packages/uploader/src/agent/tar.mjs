// A small tar.gz writer and reader for the desktop user's settings (the program bundles node
// built-ins only). Written: ustar entries of regular files and folders, a PAX header for a name longer
// than ustar holds. Read back: regular files and folders only; links, devices and any name that is
// absolute or climbs out ('..') are refused, so an archive can only ever write inside its target.
import {
  createReadStream,
  createWriteStream,
  lstatSync,
  mkdirSync,
  openSync,
  closeSync,
  writeSync,
} from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';

const BLOCK = 512;

function header(name, { mode, size, mtime, type }) {
  const h = Buffer.alloc(BLOCK);
  const put = (text, at, len) => h.write(text, at, len, 'utf8');
  const octal = (n, at, len) =>
    put(
      Math.floor(n)
        .toString(8)
        .padStart(len - 1, '0'),
      at,
      len - 1,
    );
  put(name, 0, 100);
  octal(mode & 0o7777, 100, 8);
  octal(0, 108, 8);
  octal(0, 116, 8);
  octal(size, 124, 12);
  octal(mtime, 136, 12);
  h.fill(0x20, 148, 156);
  put(type, 156, 1);
  put('ustar\u000000', 257, 8);
  let sum = 0;
  for (const byte of h) sum += byte;
  put(`${sum.toString(8).padStart(6, '0')}\u0000 `, 148, 8);
  return h;
}

const pad = (size) => (size % BLOCK ? Buffer.alloc(BLOCK - (size % BLOCK)) : Buffer.alloc(0));

/** A PAX record 'len path=value\n', its length counting itself. */
function paxRecord(key, value) {
  const body = ` ${key}=${value}\n`;
  let len = Buffer.byteLength(body) + 1;
  while (String(len).length + Buffer.byteLength(body) !== len) len++;
  return `${len}${body}`;
}

function* entryBlocks(name, meta) {
  if (Buffer.byteLength(name) > 100) {
    const pax = Buffer.from(paxRecord('path', name));
    yield header('././@PaxHeader', { mode: 0o644, size: pax.length, mtime: meta.mtime, type: 'x' });
    yield pax;
    yield pad(pax.length);
  }
  yield header(Buffer.byteLength(name) > 100 ? name.slice(0, 99) : name, meta);
}

/** Every regular file and folder under `root`/`rel` (symbolic links and the rest left out). */
async function walk(root, rel, out, skip) {
  let entries;
  try {
    entries = await readdir(path.join(root, rel), { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const name = `${rel}/${e.name}`;
    if (skip(name)) continue;
    if (e.isDirectory()) {
      out.push({ name: `${name}/`, dir: true });
      await walk(root, name, out, skip);
    } else if (e.isFile()) out.push({ name, dir: false });
  }
}

/**
 * Writes a tar.gz of the folders `dirs` (relative to `root`, e.g. '.config') to `out`.
 * Returns the number of entries.
 */
export async function writeTarGz(out, root, dirs, { skip = () => false } = {}) {
  const entries = [];
  for (const d of dirs) {
    try {
      if (!lstatSync(path.join(root, d)).isDirectory()) continue;
    } catch {
      continue;
    }
    entries.push({ name: `${d}/`, dir: true });
    await walk(root, d, entries, skip);
  }
  async function* blocks() {
    for (const e of entries) {
      const abs = path.join(root, e.name);
      let st;
      try {
        st = lstatSync(abs);
      } catch {
        continue; // gone meanwhile
      }
      const mtime = st.mtimeMs / 1000;
      if (e.dir) {
        yield* entryBlocks(e.name, { mode: st.mode, size: 0, mtime, type: '5' });
        continue;
      }
      if (!st.isFile()) continue;
      // The size in the header is the one read now; a file that grows meanwhile is cut there.
      yield* entryBlocks(e.name, { mode: st.mode, size: st.size, mtime, type: '0' });
      let sent = 0;
      const stream = st.size ? createReadStream(abs, { start: 0, end: st.size - 1 }) : [];
      for await (const chunk of stream) {
        const take = chunk.subarray(0, st.size - sent);
        sent += take.length;
        yield take;
      }
      if (sent < st.size) yield Buffer.alloc(st.size - sent); // shrank meanwhile
      yield pad(st.size);
    }
    yield Buffer.alloc(BLOCK * 2);
  }
  await pipeline(blocks(), zlib.createGzip({ level: 6 }), createWriteStream(out, { mode: 0o600 }));
  return entries.length;
}

/** A name from an archive as segments, or null when it is absolute or leaves its target. */
export function safeEntry(name) {
  const clean = name.replace(/\/+$/, '');
  if (!clean || clean.startsWith('/') || clean.includes('\\') || clean.includes('\u0000')) return null;
  const segments = clean.split('/').filter((s) => s !== '.');
  if (segments.some((s) => s === '' || s === '..')) return null;
  return segments;
}

function isLink(abs) {
  try {
    return lstatSync(abs).isSymbolicLink();
  } catch {
    return false;
  }
}

const text = (buf, at, len) =>
  buf
    .subarray(at, at + len)
    .toString('utf8')
    .replace(/\0.*$/s, '');
const octalAt = (buf, at, len) => parseInt(text(buf, at, len).trim() || '0', 8);

/**
 * Restores a tar.gz into `target`: regular files and folders whose names pass `allow(segments)` (and
 * safeEntry). A parent on disk that is a symbolic link is not written through. Returns
 * { restored, refused } counts.
 */
export async function readTarGz(file, target, { allow = () => true } = {}) {
  let buf = Buffer.alloc(0);
  let current = null; // { fd, left, padding } of the entry being written, or skipped (fd null)
  let paxPath = null;
  let pax = null; // { left, chunks } of a PAX header being read
  const counts = { restored: 0, refused: 0 };

  const outside = (segments) => {
    let dir = target;
    for (const s of segments.slice(0, -1)) {
      dir = path.join(dir, s);
      try {
        if (!lstatSync(dir).isDirectory()) return true;
      } catch {
        return false;
      }
    }
    return false;
  };

  function begin(h) {
    const type = String.fromCharCode(h[156] || 0x30);
    const size = octalAt(h, 124, 12);
    const mode = octalAt(h, 100, 8) & 0o777;
    const prefix = text(h, 345, 155);
    const name = paxPath ?? (prefix ? `${prefix}/${text(h, 0, 100)}` : text(h, 0, 100));
    paxPath = null;
    if (type === 'x') return void (pax = { left: size, chunks: [], padding: pad(size).length });
    if (type === 'g') return void (current = { fd: null, left: size, padding: pad(size).length });
    const segments = safeEntry(name);
    const ok = segments && allow(segments) && !outside(segments);
    if (type === '5' && ok) {
      mkdirSync(path.join(target, ...segments), { recursive: true, mode: 0o700 });
      counts.restored++;
    } else if ((type === '0' || type === '\0') && ok) {
      mkdirSync(path.join(target, ...segments.slice(0, -1)), { recursive: true, mode: 0o700 });
      const abs = path.join(target, ...segments);
      let fd = null;
      try {
        if (!isLink(abs)) fd = openSync(abs, 'w', mode | 0o600);
      } catch {
        // not writable: left as it is
      }
      counts[fd === null ? 'refused' : 'restored']++;
      current = { fd, left: size, padding: pad(size).length };
      return;
    } else counts.refused++;
    current = { fd: null, left: size, padding: pad(size).length };
  }

  function feed(chunk) {
    buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
    for (;;) {
      const body = pax ?? current;
      if (body) {
        const take = Math.min(body.left, buf.length);
        if (take) {
          if (pax) pax.chunks.push(buf.subarray(0, take));
          else if (current.fd !== null) writeSync(current.fd, buf, 0, take);
          buf = buf.subarray(take);
          body.left -= take;
        }
        if (body.left > 0) return;
        if (buf.length < body.padding) return;
        buf = buf.subarray(body.padding);
        if (pax) {
          const m = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(Buffer.concat(pax.chunks).toString('utf8'));
          paxPath = m ? m[1] : null;
          pax = null;
        } else {
          if (current.fd !== null) closeSync(current.fd);
          current = null;
        }
        continue;
      }
      if (buf.length < BLOCK) return;
      const h = buf.subarray(0, BLOCK);
      buf = buf.subarray(BLOCK);
      if (h.every((b) => b === 0)) continue; // the end blocks
      begin(h);
    }
  }

  try {
    await pipeline(createReadStream(file), zlib.createGunzip(), async function (source) {
      for await (const chunk of source) feed(chunk);
    });
  } finally {
    if (current?.fd != null) closeSync(current.fd);
  }
  return counts;
}
