import { run as runLoad } from './index.ts';

/** `npm run bench -- load-restart`: the load test with a rolling restart of both nodes (index.ts). */
export const run = () => runLoad({ restart: true });
