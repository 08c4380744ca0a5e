import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress.ts';
import { routeMapsWithoutSchemas } from './routeMapsWithoutSchemas.ts';

/** The API server of `npm run dev -w apps/server`; the built app is served by that server itself. */
const API_TARGET = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), routeMapsWithoutSchemas(), precompress()],
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
    rolldownOptions: {
      // A schema built with z.* has no side effect: one left unused (a route map's response, a
      // module's other schemas) is dropped instead of bringing zod's builders into the page.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        // Only libraries every page needs are grouped, so they are cached apart from the app. The
        // rest (date pickers, Uppy, socket.io, zod…) stays with the lazy routes that import them:
        // a catch-all vendor group made /login load all of them (issue 22).
        codeSplitting: { groups: [] },
      },
    },
  },
});
