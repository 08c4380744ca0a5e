import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { buildApp, startApp } from './app.ts';
import { resolveSecret } from './secret.ts';
import { seedDemo } from './seed.ts';
import { startBanner } from './startBanner.ts';
import { describeTool } from './platform/media/binaries.ts';

const LISTEN_BACKLOG = 4096;

/** Reads config, opens the database (migrating it), starts HTTP + realtime and the job worker. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const secret = await resolveSecret(config);
  const built = await buildApp(config, { db: database.db, realtimeDb: database.realtimeDb, secret });
  const { app, ctx } = built;
  for (const name of ['ffmpeg', 'ffprobe'] as const) {
    const tool = config.mediaTools[name];
    app.log[tool.source === 'missing' ? 'warn' : 'info'](describeTool(name, tool));
  }

  if (config.DEMO_SEED) await seedDemo(ctx, { project: config.DEMO_SEED_PROJECT, log: app.log });
  await startApp(built);
  // Node's default accept queue (511) overflows when a restarted or rebalanced node takes a thousand
  // reconnecting sockets at once while its event loop is busy: the kernel drops the handshakes and
  // each client waits seconds for its SYN retransmit. The kernel caps this at net.core.somaxconn.
  await app.listen({ port: config.PORT, host: config.HOST, backlog: LISTEN_BACKLOG });

  const db = database.kind === 'pglite' ? `PGlite in ${config.DATA_DIR}/pg` : 'PostgreSQL';
  for (const line of startBanner(config, db)) console[line.level](line.text);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
