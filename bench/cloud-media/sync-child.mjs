// The workstation agent's media step in a process of its own (the server is in the bench's
// process): the session's manifest through the agent API, then the agent's own syncProjectMedia
// into <home>. Prints one JSON line { ms, files, bytes, failed } (ms: manifest request to the last
// file renamed into place).
// Usage: node bench/cloud-media/sync-child.mjs <server URL> <agent token> <cloud id> <home> [local|http]
// ('http': the manifest's local sources are not used)
import { performance } from 'node:perf_hooks';
import { createApi } from '../../packages/uploader/src/api.mjs';
import { syncProjectMedia } from '../../packages/uploader/src/agent/media.mjs';

const [url, token, cloudId, home, how = 'local'] = process.argv.slice(2);
const api = createApi({ url, token });
const t0 = performance.now();
const manifest = await api.get('/api/cloud/agent/session', { cloud_id: cloudId });
const r = await syncProjectMedia(manifest, home, { abs: api.abs, local: how !== 'http' });
console.log(JSON.stringify({ ms: performance.now() - t0, files: r.files, bytes: r.bytes, failed: r.failed }));
