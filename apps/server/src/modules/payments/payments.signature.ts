import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 of `body` under `secret`, hex (Razorpay's webhook and checkout signatures). */
export const hmacHex = (secret: string, body: string | Buffer) =>
  createHmac('sha256', secret).update(body).digest('hex');

/**
 * Whether `signature` is the HMAC-SHA256 of `body` under `secret`, compared in constant time (the
 * lengths are compared first: a wrong length says nothing about the secret).
 */
export function signatureMatches(
  secret: string,
  body: string | Buffer,
  signature: string | undefined,
): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = Buffer.from(hmacHex(secret, body), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
