import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * A review link's token kept so members can copy the link again: AES-256-GCM under a key derived
 * (HKDF-SHA256) from the server secret for this one purpose, so the secret itself never encrypts
 * anything and a leaked table without the secret reveals no token. The link's id is the additional
 * data: a sealed token copied onto another row does not open.
 */
const VERSION = 'v1';
const keys = new Map<string, Buffer>();

function keyOf(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'rushes', 'share-link-token', 32));
    keys.set(secret, key);
  }
  return key;
}

export function sealToken(secret: string, linkId: string, token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  cipher.setAAD(Buffer.from(linkId));
  const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** The token, or null when `sealed` was not sealed for this link under this secret. */
export function openToken(secret: string, linkId: string, sealed: string): string | null {
  const [version, data] = sealed.split('.');
  if (version !== VERSION || !data) return null;
  const raw = Buffer.from(data, 'base64url');
  if (raw.length < 29) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(linkId));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
