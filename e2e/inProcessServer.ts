import { rmSync } from 'node:fs';
import os from 'node:os';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, type Db } from '../apps/server/src/db/client.ts';
import { buildApp, startApp } from '../apps/server/src/app.ts';
import type { AppContext } from '../apps/server/src/platform/context.ts';
import { freePort } from '../apps/server/src/platform/freePort.ts';
import { resolveSecret } from '../apps/server/src/secret.ts';
import { seedDemo } from '../apps/server/src/seed.ts';
import { migratedDataDir, serverEnv } from './server.ts';

export interface InProcessServer {
  url: string;
  /** The server's own database client, for rows no screen creates yet (a file before uploads exist). */
  db: Db;
  /** The server's realtime (Socket.IO) side, to drop a page's socket as a network would. */
  realtime: AppContext['realtime'];
  /** The server's context (config and secret), for a flow that seals a value as the server does. */
  ctx: AppContext;
  stop(): Promise<void>;
}

/** This machine's first IPv4 address that is not loopback (what `hostname -I` lists first), if any. */
export function lanAddress(): string | null {
  for (const list of Object.values(os.networkInterfaces()))
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  return null;
}

/**
 * The real product as main.ts starts it (built web app, migrations, demo seed, jobs, realtime) but
 * inside the test process, on a free port and a throw-away PGlite directory, so a flow can reach
 * the database the server uses (PGlite is one connection in one process: no second opener).
 *
 * `lan`: an address of this machine's network (lanAddress()): the server listens on every interface
 * and `url` names that address, so the browser reaches it the way another computer would and whatever
 * the server hands a user (addresses, connection files) must name it, never loopback. PUBLIC_URL stays
 * on localhost, so a right answer can only come from the address the browser used.
 */
export async function startInProcessServer(
  extraEnv: Record<string, string> = {},
  opts: { lan?: string } = {},
): Promise<InProcessServer> {
  const port = await freePort();
  const dataDir = migratedDataDir();
  const config = loadConfig({
    ...process.env,
    SMTP_URL: undefined,
    ...serverEnv(port, `http://localhost:${port}`, dataDir),
    ...(opts.lan ? { HOST: '0.0.0.0' } : {}),
    ...extraEnv,
  });
  const database = await openDatabase({ dataDir });
  const secret = await resolveSecret(config);
  const built = await buildApp(config, { db: database.db, secret });
  await seedDemo(built.ctx, { project: config.DEMO_SEED_PROJECT });
  await startApp(built);
  const { app } = built;
  await app.listen({ port, host: opts.lan ? '0.0.0.0' : '127.0.0.1' });
  return {
    url: `http://${opts.lan ?? 'localhost'}:${port}`,
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
