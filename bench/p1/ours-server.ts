import { openDatabase } from '../../apps/server/src/db/client.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { buildApp } from '../../apps/server/src/app.ts';

/**
 * bench p1's server: ours as main.ts builds it, on DATABASE_URL, without the job worker and the
 * demo seed; production settings (NODE_ENV=production, one JSON log line per request at info,
 * written to /dev/null unless BENCH_P1_LOG_LEVEL says otherwise).
 */
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: process.env.BENCH_P1_LOG_LEVEL ?? 'info',
  LOG_FORMAT: 'json',
  RATE_LIMIT: 'false',
  DEMO_SEED: 'false',
  PUBLIC_URL: 'http://127.0.0.1',
} as NodeJS.ProcessEnv);
const database = await openDatabase({ url: config.DATABASE_URL });
const { default: pino } = await import('pino');
const { app } = await buildApp(config, {
  db: database.db,
  secret: 'p1-bench-secret-0123456789abcdef0123456789',
  logStream: pino.destination('/dev/null'),
});
await app.listen({ port: 0, host: '127.0.0.1' });
const addr = app.server.address();
console.log(`PORT ${typeof addr === 'object' && addr ? addr.port : 0}`);

// Exit on SIGTERM so that --cpu-prof writes its profile.
process.on('SIGTERM', () => process.exit(0));
