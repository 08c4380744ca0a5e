import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/** Hashed build files (`/assets/<name>-<hash>.js`): their name changes with their content. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.wasm': 'application/wasm',
};

type Encoding = 'br' | 'gzip';
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/**
 * The best encoding of an Accept-Encoding header among those `has` (Brotli, then gzip), or null for
 * the plain bytes; index.html's answer (webApp.ts) chooses the same way.
 */
export function preferredEncoding(
  acceptEncoding: string | string[] | undefined,
  has: (encoding: Encoding) => boolean = () => true,
): Encoding | null {
  const accepts = String(acceptEncoding ?? '');
  if (/\bbr\b/.test(accepts) && has('br')) return 'br';
  if (/\bgzip\b/.test(accepts) && has('gzip')) return 'gzip';
  return null;
}

/** More than the build holds in all its encodings (about 8 MB); past it files are read per request. */
const MEMORY_LIMIT = 64 * 1024 * 1024;

/**
 * The build's hashed files, answered from memory: the best encoding the browser accepts of the
 * ones the build wrote beside each file (apps/web/precompress.ts), with `Vary: Accept-Encoding` and a
 * year of immutable caching. A file is read once, at its first request; its name changes with its
 * content, so what is held never goes stale.
 *
 * Why not @fastify/static, which answered them before: it looks each file and its compressed
 * siblings up on disk per request, several turns of the event loop each. A page's first load asks
 * for ten files at once while its own index.html is being finished (the boot element's reads, which
 * on PGlite run on this thread), so every one of those turns waited behind a read. From memory a
 * file is answered in the turn its request arrives (docs/decisions/0030-web-first-load.md).
 */
export function serveHashedAssets(app: FastifyInstance, assetsDir: string): void {
  let names: string[];
  try {
    names = readdirSync(assetsDir, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  } catch {
    return;
  }
  const present = new Set(names);
  const files = new Set(names.filter((n) => !n.endsWith('.br') && !n.endsWith('.gz')));
  const held = new Map<string, Buffer>();
  let heldBytes = 0;

  /** The file's bytes, or null when it is gone from the disk since start-up (a broken deploy). */
  const bytesOf = async (file: string): Promise<Buffer | null> => {
    const cached = held.get(file);
    if (cached) return cached;
    const bytes = await readFile(path.join(assetsDir, file)).catch(() => null);
    if (!bytes) return null;
    if (!held.has(file) && heldBytes + bytes.length <= MEMORY_LIMIT) {
      held.set(file, bytes);
      heldBytes += bytes.length;
    }
    return bytes;
  };

  app.get<{ Params: { file: string } }>(
    '/assets/:file',
    { config: { access: 'public' }, schema: { hide: true } },
    async (req, reply) => {
      const name = req.params.file;
      // a name the build did not write (an old tab after a deploy): 404, never index.html
      if (!files.has(name)) return reply.callNotFound();
      const encoding = preferredEncoding(req.headers['accept-encoding'], (e) =>
        present.has(name + SUFFIX[e]),
      );
      const bytes = await bytesOf(encoding ? name + SUFFIX[encoding] : name);
      if (!bytes) return reply.callNotFound();
      reply
        .header('content-type', TYPES[path.extname(name)] ?? 'application/octet-stream')
        .header('cache-control', IMMUTABLE)
        .header('vary', 'Accept-Encoding');
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(bytes);
    },
  );
}
