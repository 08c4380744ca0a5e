import { Redis } from 'ioredis';
import type { Config } from '../../config.ts';

/**
 * Failed camera FTP logins, counted per C2E session and per client address in a window that starts
 * at the first failure (FTP_LOGIN_MAX_FAILURES in FTP_LOGIN_WINDOW_S). Once either count is full,
 * that session's or that address's logins are refused unchecked, the right password too, until the
 * window ends: a 24-character password cannot be guessed, but an FTP port answers as fast as it is
 * asked. The counts live in Redis when REDIS_URL is set (any node may run the FTP server, and a
 * restart does not reset them), else in this process. RATE_LIMIT=false turns it off, as it does the
 * HTTP login limits.
 */
export interface LoginThrottle {
  /** Whether any of the keys is over its count (then the login is refused unchecked). */
  blocked(keys: string[]): Promise<boolean>;
  /** Counts one failed login against each key. */
  failed(keys: string[]): Promise<void>;
  close(): Promise<void>;
}

export const throttleKeys = (o: { sessionId?: string; address: string }) => [
  `a:${o.address.replace(/^::ffff:/, '')}`,
  ...(o.sessionId ? [`s:${o.sessionId}`] : []),
];

const PREFIX = 'rushes-ftp-login-';

export function loginThrottle(config: Config): LoginThrottle {
  const max = config.FTP_LOGIN_MAX_FAILURES;
  const windowMs = config.FTP_LOGIN_WINDOW_S * 1000;
  if (!config.RATE_LIMIT) {
    return { blocked: async () => false, failed: async () => undefined, close: async () => undefined };
  }
  if (config.REDIS_URL) {
    const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 3 });
    return {
      // Redis out of reach lets logins through unthrottled rather than stopping every camera.
      async blocked(keys) {
        const counts = await redis.mget(keys.map((k) => PREFIX + k)).catch(() => []);
        return counts.some((c) => Number(c ?? 0) >= max);
      },
      async failed(keys) {
        const multi = redis.multi();
        // The window starts at the first failure; INCR keeps the key's expiry.
        for (const k of keys) multi.set(PREFIX + k, 0, 'PX', windowMs, 'NX').incr(PREFIX + k);
        await multi.exec().catch(() => undefined);
      },
      close: async () => {
        await redis.quit().catch(() => undefined);
      },
    };
  }
  const counts = new Map<string, { count: number; until: number }>();
  const live = (k: string) => {
    const entry = counts.get(k);
    if (entry && entry.until <= Date.now()) counts.delete(k);
    return entry && entry.until > Date.now() ? entry : undefined;
  };
  return {
    blocked: async (keys) => keys.some((k) => (live(k)?.count ?? 0) >= max),
    async failed(keys) {
      if (counts.size > 10_000) for (const k of [...counts.keys()]) live(k);
      for (const k of keys) {
        const entry = live(k) ?? { count: 0, until: Date.now() + windowMs };
        entry.count += 1;
        counts.set(k, entry);
      }
    },
    close: async () => undefined,
  };
}
