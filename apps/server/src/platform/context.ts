import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { EventBus } from './events/bus.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Realtime } from './realtime/realtime.ts';
import type { BlobStore } from './blobs/index.ts';
import type { SessionCache } from './auth/sessionCache.ts';

/** What modules are built from: plain dependencies, no service locator. */
export interface AppContext {
  config: Config;
  db: Db;
  /** Server secret for keyed hashes and signed URLs (APP_SECRET or generated into DATA_DIR). */
  secret: string;
  jobs: JobQueue;
  mailer: Mailer;
  events: EventBus;
  realtime: Realtime;
  blobs: BlobStore;
  /** Full sessions this node read recently; sessions end through `endSessions` (sessionCache.ts). */
  sessionCache: SessionCache;
}
