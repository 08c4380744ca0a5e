import { defineConfig, type PluginOption, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { readFirstBuild, type Group } from './firstBuild.ts';
import { mantineStyles } from './mantineStyles.ts';
import { precompress } from './precompress.ts';
import { routeMapsWithoutSchemas } from './routeMapsWithoutSchemas.ts';
import { routePreloads } from './routePreloads.ts';
import { sessionChunk } from './sessionChunk.ts';

/** The API server of `npm run dev -w apps/server`; the built app is served by that server itself. */
const API_TARGET = 'http://localhost:3000';

/** The code splitting of the build; `first` are groups that take their modules before the others. */
function rolldownOptions(first: Group[]): Rolldown.RolldownOptions {
  return {
    // A schema built with z.* has no side effect: one left unused (a route map's response, a
    // module's other schemas) is dropped instead of bringing zod's builders into the page.
    treeshake: { manualPureFunctions: ['z'] },
    // Nothing imports our chunks from outside: rolldown may merge and inline them freely (needed
    // by experimentalInlineCommonChunks below).
    preserveEntrySignatures: false,
    output: {
      // Fewer, larger chunks (over HTTP/1.1 the count of small chunks, not their
      // bytes, set the first paint; docs/decisions/0030-web-first-load.md 'Web first load, fourth cut' and 'eighth cut'):
      // - everything index.html loads at once goes into two chunks, the libraries and our own code,
      //   so the first wave is 5 files instead of 42; only modules already on the entry's static
      //   path are grouped ('$initial'), so /login loads nothing more than before;
      // - what every logged-in page loads beyond that is one `session` chunk (sessionChunk.ts);
      // - a common chunk under 8 KB (source size) shared by lazy routes is copied into each of them
      //   instead of being fetched on its own: home went from 75 lazy files to 10.
      // The rest (date pickers, Uppy, socket.io, zod…) stays with the lazy routes that import them:
      // a catch-all vendor group made /login load all of them.
      codeSplitting: {
        groups: [
          ...first,
          { name: 'react', test: /node_modules\/(react|react-dom|scheduler)\//, tags: ['$initial'] },
          { name: 'vendor', test: /node_modules/, tags: ['$initial'] },
          {
            name: 'app',
            test: /packages\/shared|apps\/web\/src\/(?!main)|preload-helper/,
            tags: ['$initial'],
            // only our modules (and Vite's preload helper, which the entry needs at once): their
            // libraries are the vendor group's
            includeDependenciesRecursively: false,
          },
          // every screen's words and the API map, which the sign-up and password pages need too
          {
            name: 'texts',
            test: /packages\/shared\/src\/(api|rules\/(messages|labels|sharing|cameraBasics|shell))\.ts/,
            includeDependenciesRecursively: false,
          },
        ],
        experimentalInlineCommonChunks: { maxSize: 8 * 1024 },
      },
    },
  };
}

/**
 * What the build takes from a first build of the same code (firstBuild.ts): the session chunk's
 * members and the Mantine components whose styles to ship.
 */
async function fromFirstBuild(shaping: () => PluginOption[]) {
  const session = sessionChunk(import.meta.dirname);
  const styles = mantineStyles();
  await readFirstBuild(import.meta.dirname, shaping(), rolldownOptions([]), [session.reader, styles.reader]);
  return { groups: [session.group()], plugins: [styles.plugin()] };
}

export default defineConfig(async ({ command }) => {
  // the plugins that decide what the bundle holds, in both builds
  const shaping = () => [react(), routeMapsWithoutSchemas()];
  const first = command === 'build' ? await fromFirstBuild(shaping) : { groups: [], plugins: [] };
  return {
    plugins: [...shaping(), ...first.plugins, routePreloads(), precompress()],
    server: {
      port: 5173,
      proxy: {
        '/api': { target: API_TARGET },
        '/socket.io': { target: API_TARGET, ws: true },
      },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // .vite/manifest.json: which chunks each route's page needs, read by the size budget (scripts/size-budget.mjs).
      manifest: true,
      rolldownOptions: rolldownOptions(first.groups),
    },
  };
});
