import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Third-party secrets at rest (DESIGN §9): integration keys, workstation credentials. AES-256-GCM with
 * a fresh 96-bit IV per value, sealed as `<keyVersion>.<iv>.<tag>.<ciphertext>` (base64url), so a key
 * can be rotated: new values are sealed with the first key, old ones still open with theirs, and
 * `isCurrent` tells a re-seal job which rows to rewrite.
 *
 * Keys come from SECRET_KEYS (`v2:<base64 32 bytes>,v1:<…>`, newest first). Without it the embedded
 * default derives version `v0` from the server secret (HKDF), which is enough for one machine but ties
 * the stored secrets to APP_SECRET: production sets SECRET_KEYS.
 */
export interface SecretBox {
  seal(plaintext: string): string;
  open(sealed: string): string;
  /** Sealed under the current (first) key. */
  isCurrent(sealed: string): boolean;
}

export interface SecretKey {
  version: string;
  key: Buffer;
}

const VERSION = /^[A-Za-z0-9_-]{1,16}$/;

/** Parses SECRET_KEYS; throws with a message naming the bad entry (never the key itself). */
export function parseSecretKeys(value: string): SecretKey[] {
  const keys = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry, index) => {
      const colon = entry.indexOf(':');
      const version = entry.slice(0, colon);
      const key = Buffer.from(entry.slice(colon + 1), 'base64');
      if (colon < 1 || !VERSION.test(version) || key.length !== 32) {
        throw new Error(`SECRET_KEYS entry ${index + 1} must be <version>:<base64 of 32 bytes>`);
      }
      return { version, key };
    });
  if (keys.length === 0) throw new Error('SECRET_KEYS holds no key');
  if (new Set(keys.map((k) => k.version)).size !== keys.length) {
    throw new Error('SECRET_KEYS repeats a version');
  }
  return keys;
}

/** The `v0` key of the embedded default, derived from the server secret. */
export function derivedSecretKey(appSecret: string): SecretKey {
  const key = Buffer.from(hkdfSync('sha256', appSecret, 'rushes', 'secret-box v0', 32));
  return { version: 'v0', key };
}

export function createSecretBox(keys: readonly SecretKey[]): SecretBox {
  const [current] = keys;
  if (!current) throw new Error('a secret box needs a key');
  const byVersion = new Map(keys.map((k) => [k.version, k.key]));
  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current.key, iv);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
      return [current.version, ...parts].join('.');
    },
    open(sealed) {
      const [version, iv, tag, body, extra] = sealed.split('.');
      const key = version === undefined ? undefined : byVersion.get(version);
      if (!key || iv === undefined || tag === undefined || body === undefined || extra !== undefined) {
        throw new Error('sealed secret is malformed or its key is unknown');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
    isCurrent: (sealed) => sealed.startsWith(`${current.version}.`),
  };
}

/** The box of this process: SECRET_KEYS when set, else the key derived from the server secret. */
export function secretBoxFor(config: { SECRET_KEYS?: string | undefined }, appSecret: string): SecretBox {
  return createSecretBox(
    config.SECRET_KEYS ? parseSecretKeys(config.SECRET_KEYS) : [derivedSecretKey(appSecret)],
  );
}
