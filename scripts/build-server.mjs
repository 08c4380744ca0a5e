#!/usr/bin/env node
/**
 * Bundles the server's own code (apps/server/src and packages/shared) into apps/server/dist/main.mjs
 * for `npm start`, the load bench and the restart tests. Started through tsx, a node spent about
 * 4 s of CPU before it could listen, half of it resolving and transforming its ~700 TypeScript files
 * one by one; a node restarted on a busy machine took 7–15 s, while the node left carried every
 * user. Installed packages stay outside the bundle (imported from node_modules as they are).
 *
 * The bundle runs in this checkout only: each file's `import.meta.url` and `import.meta.dirname`
 * become that file's own location as a literal, so every path the server derives from its source
 * (the migrations, the web build, the uploader, the page worker, fonts) stays the same.
 *
 * `node scripts/build-server.mjs` builds; `buildServer()` is used by the bench and the tests.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
export const serverBundle = path.join(root, 'apps/server/dist/main.mjs');

/** Our sources keep their own location; everything else imported by a bare name stays external. */
const inPlace = {
  name: 'rushes-in-place',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@rushes/shared') || args.kind === 'entry-point'
        ? undefined
        : { path: args.path, external: true },
    );
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const contents = source
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path));
      return { contents, loader: 'ts' };
    });
  },
};

/**
 * Builds the bundle and its source map. Each file is written beside its place and renamed over it, so
 * a server started meanwhile reads the old bundle or the new one, whole: CI's two tracks build it
 * from the same sources while the other's flows start servers from it.
 */
export async function buildServer() {
  const { outputFiles } = await esbuild.build({
    entryPoints: [path.join(root, 'apps/server/src/main.ts')],
    outfile: serverBundle,
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    sourcemap: 'linked',
    // names as written: the logs and error messages name functions and classes
    keepNames: true,
    plugins: [inPlace],
    logLevel: 'warning',
  });
  await mkdir(path.dirname(serverBundle), { recursive: true });
  for (const file of outputFiles) {
    const next = `${file.path}.${process.pid}.tmp`;
    await writeFile(next, file.contents);
    await rename(next, file.path);
  }
  return serverBundle;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await buildServer();
}
