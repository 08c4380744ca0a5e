import { createHmac, timingSafeEqual } from 'node:crypto';
import { LIVE_TOKEN_SECONDS, type IceServer } from '@rushes/shared';
import type { Config } from '../../config.ts';

/**
 * Call tokens (spec 001 §4, §9: valid 3600 s): `v1.<collab>.<user>.<expiry>.<mac>` signed with the
 * server secret. The signalling refuses a signal without a valid token of its sender for that call.
 */
export function issueCallToken(secret: string, collabId: string, userId: string, now = Date.now()) {
  const exp = Math.floor(now / 1000) + LIVE_TOKEN_SECONDS;
  const body = `v1.${collabId}.${userId}.${exp}`;
  return { token: `${body}.${mac(secret, body)}`, expiresAt: new Date(exp * 1000) };
}

export function verifyCallToken(
  secret: string,
  token: string,
  collabId: string,
  userId: string,
  now = Date.now(),
): boolean {
  const parts = token.split('.');
  if (parts.length !== 5 || parts[0] !== 'v1' || parts[1] !== collabId || parts[2] !== userId) return false;
  const exp = Number(parts[3]);
  if (!Number.isInteger(exp) || exp * 1000 <= now) return false;
  const want = Buffer.from(mac(secret, parts.slice(0, 4).join('.')));
  const got = Buffer.from(parts[4]);
  return want.length === got.length && timingSafeEqual(want, got);
}

const mac = (secret: string, body: string) =>
  createHmac('sha256', `live-call:${secret}`).update(body).digest('base64url');

/**
 * ICE servers for a user: ICE_SERVERS as configured, plus TURN_URL with coturn REST API credentials
 * (`use-auth-secret`): username `<expiry>:<user>`, credential base64(HMAC-SHA1(TURN_SECRET, username)).
 */
export function iceServersFor(config: Config, userId: string, now = Date.now()): IceServer[] {
  const servers = parseIceServers(config.ICE_SERVERS);
  if (config.TURN_URL && config.TURN_SECRET) {
    const username = `${Math.floor(now / 1000) + config.TURN_TTL_SECONDS}:${userId}`;
    const credential = createHmac('sha1', config.TURN_SECRET).update(username).digest('base64');
    servers.push({ urls: config.TURN_URL.split(',').map((u) => u.trim()), username, credential });
  }
  return servers;
}

function parseIceServers(json: string): IceServer[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as IceServer[]) : [];
  } catch {
    return [];
  }
}
