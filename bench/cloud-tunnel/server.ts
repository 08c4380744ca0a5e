/**
 * The tunnel bench's server, in a process of its own (as users meet it: the connector and the VNC
 * client are not in its event loop): an app with the local provider on BENCH_PORT, a team with
 * credits, one started session of a desktop whose program is `sleep` (the tunnel is what is
 * measured). Prints one JSON line { base, sessionId, password, vncPort, file } once it is started,
 * then runs until SIGTERM ends the session and the app.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CLOUD_API, type CloudTime } from '@rushes/shared';
import {
  book,
  cloudWorld,
  end,
  plainDesktopCatalogueFile,
  sessionRow,
  time,
} from '../../apps/server/src/modules/cloud/cloud.testkit.ts';
import { createTestApp } from '../../apps/server/test/harness.ts';

const port = Number(process.env.BENCH_PORT);
const geometry = process.env.BENCH_GEOMETRY ?? '1280x720';
const dir = await mkdtemp(path.join(os.tmpdir(), 'rushes-bench-tunnel-'));
const catalogueFile = await plainDesktopCatalogueFile(dir);
const t = await createTestApp({
  CLOUD_PROVIDER: 'local',
  CLOUD_LOCAL_GEOMETRY: geometry,
  CLOUD_LOCAL_HOME_DIR: path.join(dir, 'homes'),
  CLOUD_CATALOGUE_FILE: catalogueFile,
  CLOUD_FINAL_SYNC_SECONDS: '5',
  PORT: String(port),
  RATE_LIMIT: 'false',
});
await t.app.listen({ port, host: '127.0.0.1' });
t.ctx.jobs.start();
const { owner, projectId } = await cloudWorld(t, 0);
const booked = await book(t, owner, projectId, { software: 'plain_desktop' });
if (!booked.body.data) throw new Error(`booking refused: ${booked.body.errormessage}`);
const sessionId = booked.body.data.cloud_access_db_id;
let session: CloudTime['session'] = null;
for (let i = 0; i < 600 && session?.machine_status !== 'machine_started'; i++) {
  if (i) await new Promise((r) => setTimeout(r, 100));
  session = ((await time(t, owner)).body.data as CloudTime).session;
}
if (session?.machine_status !== 'machine_started') throw new Error('the session did not start in 60 s');
const file = await t.call<{ content: string }>('GET', CLOUD_API.connectionFile, {
  cookie: owner.cookie,
  query: { cloud_id: sessionId },
});
const row = await sessionRow(t, sessionId);
console.log(
  JSON.stringify({
    base: `http://127.0.0.1:${port}`,
    sessionId,
    password: session.password,
    vncPort: row.port,
    file: file.body.data.content,
  }),
);

process.once('SIGTERM', () => {
  void (async () => {
    await end(t, owner, projectId, sessionId);
    await t.close();
    await rm(dir, { recursive: true, force: true });
    process.exit(0);
  })();
});
