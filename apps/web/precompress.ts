import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest|xml|wasm)$/;

/**
 * Writes `<file>.br` (quality 11, or `WEB_BROTLI_QUALITY`: scripts/build-web.mjs asks for a fast one
 * when the build is for tests) and `<file>.gz` (level 9) beside every compressible file of the
 * build, once, so the server sends them as they are (@fastify/static `preCompressed`) instead of
 * compressing on each request. A file whose compressed form is not smaller gets none.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  const quality = Number(process.env.WEB_BROTLI_QUALITY) || constants.BROTLI_MAX_QUALITY;
  return {
    name: 'rushes-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(
        files.map(async (rel) => {
          const file = path.join(outDir, rel);
          const raw = await readFile(file);
          const [br, gzipped] = await Promise.all([
            brotli(raw, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: quality,
                [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
            gz(raw, { level: 9 }),
          ]);
          if (br.length < raw.length) await writeFile(`${file}.br`, br);
          if (gzipped.length < raw.length) await writeFile(`${file}.gz`, gzipped);
        }),
      );
    },
  };
}
