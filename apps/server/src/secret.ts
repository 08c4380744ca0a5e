import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config.ts';

/**
 * APP_SECRET when set (required for several API nodes: they must agree); otherwise a random secret
 * generated once into DATA_DIR, so the embedded default needs no set-up and survives restarts.
 */
export async function resolveSecret(config: Config): Promise<string> {
  if (config.APP_SECRET) return config.APP_SECRET;
  const file = path.join(config.DATA_DIR, 'app-secret');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    await mkdir(config.DATA_DIR, { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    await writeFile(file, secret, { mode: 0o600, flag: 'wx' }).catch(async () => undefined);
    return (await readFile(file, 'utf8')).trim();
  }
}
