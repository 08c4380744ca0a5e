import { createHmac, timingSafeEqual } from 'node:crypto';
import { API } from '@rushes/shared';

/**
 * HMAC-SHA256 signatures for the filesystem driver's own part-upload and download URLs.
 * The canonical string names the purpose first, so a download signature never passes as an upload one.
 */

export type SignedPurpose = 'part' | 'object';

export const PARTS_PATH = API.blobs.parts;
export const OBJECT_PATH = API.blobs.object;

const VERSION = 'rushes-blob-v1';

export function canonicalString(purpose: SignedPurpose, fields: readonly string[], expires: number): string {
  // Fields are validated keys, hex ids, digits, or a file name; JSON keeps any separator unambiguous.
  return [VERSION, purpose, JSON.stringify(fields), String(expires)].join('\n');
}

export function sign(
  secret: string,
  purpose: SignedPurpose,
  fields: readonly string[],
  expires: number,
): string {
  return createHmac('sha256', secret)
    .update(canonicalString(purpose, fields, expires))
    .digest('base64url');
}

/** True when `sig` is the signature of these fields and `expires` (unix seconds) is still ahead. */
export function verify(
  secret: string,
  purpose: SignedPurpose,
  fields: readonly string[],
  expires: string | undefined,
  sig: string | undefined,
  nowMs: number = Date.now(),
): boolean {
  if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires)) return false;
  if (typeof sig !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return false;
  const expiresAt = Number(expires);
  if (expiresAt * 1000 <= nowMs) return false;
  const expected = Buffer.from(sign(secret, purpose, fields, expiresAt), 'base64url');
  const given = Buffer.from(sig, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function expiresAt(expiresInSeconds: number, nowMs: number = Date.now()): number {
  return Math.floor(nowMs / 1000) + expiresInSeconds;
}
