import { rmSync } from 'node:fs';
import os from 'node:os';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { buildApp, startApp } from '../apps/server/src/app.ts';
import { freePort } from '../apps/server/src/platform/freePort.ts';
import { resolveSecret } from '../apps/server/src/secret.ts';
import { seedDemo } from '../apps/server/src/seed.ts';
import type { InProcessServer } from './inProcessServer.ts';
import { migratedDataDir, serverEnv } from './server.ts';

/** This machine's first IPv4 address that is not loopback (what `hostname -I` lists first), if any. */
export function lanAddress(): string | null {
  for (const list of Object.values(os.networkInterfaces()))
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  return null;
}

/**
 * The in-process product (e2e/inProcessServer.ts) listening on every interface, its `url` on this
 * machine's network address: the browser reaches it the way another computer would, so whatever the
 * server hands to the user (addresses, connection files) must name that host and never loopback.
 * PUBLIC_URL stays on localhost, so a right answer can only come from the address the browser used.
 * A workstation agent on this machine still reaches it on loopback (every interface includes it).
 */
export async function startLanServer(
  address: string,
  extraEnv: Record<string, string> = {},
): Promise<InProcessServer> {
  const port = await freePort();
  const dataDir = migratedDataDir();
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: undefined,
    REDIS_URL: undefined,
    SMTP_URL: undefined,
    ...serverEnv(port, `http://localhost:${port}`, dataDir),
    HOST: '0.0.0.0',
    ...extraEnv,
  });
  const database = await openDatabase({ dataDir });
  const secret = await resolveSecret(config);
  const built = await buildApp(config, { db: database.db, secret });
  await seedDemo(built.ctx, { project: config.DEMO_SEED_PROJECT });
  await startApp(built);
  const { app } = built;
  await app.listen({ port, host: '0.0.0.0' });
  return {
    url: `http://${address}:${port}`,
    db: database.db,
    realtime: built.ctx.realtime,
    ctx: built.ctx,
    async stop() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
