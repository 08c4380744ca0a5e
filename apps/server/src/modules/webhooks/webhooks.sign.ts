import { createHash, createHmac, randomBytes } from 'node:crypto';
import net from 'node:net';
import { WEBHOOK_HEADERS } from '@rushes/shared';

/** A new signing secret: `whsec_` and 32 random bytes (what receivers paste into their config). */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/**
 * The signature receivers check (Stripe's scheme): `t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<raw body>" keyed with the endpoint's secret as UTF-8 bytes>`. The timestamp lets them refuse
 * replays older than a few minutes.
 */
export function signatureHeader(secret: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

/** The headers of one attempt (the event id is the receiver's idempotency key). */
export function deliveryHeaders(secret: string, eventId: string, body: string, now = new Date()) {
  const t = Math.floor(now.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': 'Rushes-Webhooks/1',
    [WEBHOOK_HEADERS.eventId]: eventId,
    [WEBHOOK_HEADERS.timestamp]: String(t),
    [WEBHOOK_HEADERS.signature]: signatureHeader(secret, t, body),
  };
}

/**
 * A UUID made from a name, for events said more than once that mean one thing ("asset processed" is
 * said again by the sprite sheet): the same name gives the same event id, so one delivery.
 */
export function nameUuid(name: string): string {
  const h = createHash('sha256').update(`rushes.webhooks:${name}`).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Whether a URL's host is listed in OUTBOUND_TRUSTED_HOSTS (a name, an address or a range): only
 * those may be plain http (a local receiver, the tests); every other endpoint must be https.
 */
export function isTrustedUrl(url: URL, trusted: readonly string[]): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const family = net.isIP(host);
  for (const entry of trusted) {
    if (entry === host) return true;
    const [base, bits] = entry.split('/');
    const f = net.isIP(base.replace(/^\[|\]$/g, ''));
    if (!family || !f || f !== family) continue;
    const list = new net.BlockList();
    const type = f === 4 ? 'ipv4' : 'ipv6';
    if (bits !== undefined) list.addSubnet(base, Number(bits), type);
    else list.addAddress(base, type);
    if (list.check(host, type)) return true;
  }
  return false;
}
