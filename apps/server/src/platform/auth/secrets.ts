import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 256 random bits, URL-safe: session ids, e-mail link tokens. */
export const randomToken = () => randomBytes(32).toString('base64url');

/** A uniformly random 6-digit code. */
export const randomDigits = (length: number) =>
  Array.from({ length }, () => String(randomInt(0, 10))).join('');

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Keyed hash for short secrets: a 6-digit code has too little entropy for a plain hash to protect it
 * if the table leaks, so it is bound to the server secret.
 */
export const keyedHash = (secret: string, value: string) =>
  createHmac('sha256', secret).update(value).digest('hex');

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
