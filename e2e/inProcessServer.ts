import { rmSync } from 'node:fs';
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

/**
 * The real product as main.ts starts it (built web app, migrations, demo seed, jobs, realtime) but
 * inside the test process, on a free port and a throw-away PGlite directory, so a flow can reach
 * the database the server uses (PGlite is one connection in one process: no second opener).
 */
export async function startInProcessServer(extraEnv: Record<string, string> = {}): Promise<InProcessServer> {
  const port = await freePort();
  const dataDir = migratedDataDir();
  const url = `http://localhost:${port}`;
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: undefined,
    REDIS_URL: undefined,
    SMTP_URL: undefined,
    ...serverEnv(port, url, dataDir),
    ...extraEnv,
  });
  const database = await openDatabase({ dataDir });
  const secret = await resolveSecret(config);
  const built = await buildApp(config, { db: database.db, secret });
  await seedDemo(built.ctx, { project: config.DEMO_SEED_PROJECT });
  await startApp(built);
  const { app } = built;
  await app.listen({ port, host: '127.0.0.1' });
  return {
    url,
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
