/**
 * `npm start`'s server: the bundle scripts/build-server.mjs made, with V8's compiled code of every
 * module kept between starts (Node's compile cache, in the system's temporary directory unless
 * NODE_COMPILE_CACHE names one) and stack traces mapped back to the sources.
 */
import module from 'node:module';

module.enableCompileCache?.();
process.setSourceMapsEnabled(true);
await import('./dist/main.mjs');
