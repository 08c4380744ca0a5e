import type { FastifyRequest } from 'fastify';

/*
 * Whether a request comes from the machine the server runs on, for what only its owner may read
 * (the dev mail outbox). Every address the request names must be a loopback one: the socket's peer
 * and each hop of X-Forwarded-For, X-Real-IP and Forwarded, whatever TRUST_PROXY says. So:
 * - without a proxy, a remote client is refused by its socket address (a forged X-Forwarded-For of
 *   127.0.0.1 changes nothing, and req.ip would be the socket's anyway);
 * - behind a proxy on this machine every socket is loopback, but the proxy names the real client in
 *   X-Forwarded-For: refused unless that is loopback too (req.ip alone is not enough: with
 *   TRUST_PROXY=true it is the left-most, client-written hop);
 * - a proxy that forwards no client address at all makes every request look local: such a setup
 *   must not enable the outbox (docs/decisions/0009-uploads-and-media.md).
 */

const IPV4_LOOPBACK = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/** 127.0.0.0/8, ::1, and IPv4 loopback mapped into IPv6 (::ffff:127.0.0.1); brackets and ports allowed. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  let a = address.trim().toLowerCase().replace(/^"|"$/g, '');
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(a);
  if (bracketed) a = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(':'));
  if (a === '::1' || a === '0:0:0:0:0:0:0:1') return true;
  if (a.startsWith('::ffff:')) a = a.slice('::ffff:'.length);
  return IPV4_LOOPBACK.test(a);
}

const listOf = (value: string | string[] | undefined): string[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).flatMap((v) => v.split(','));

/** The client addresses forwarding headers name (empty when there are none). */
function forwardedHops(headers: FastifyRequest['headers']): string[] {
  const hops = [...listOf(headers['x-forwarded-for']), ...listOf(headers['x-real-ip'])];
  for (const element of listOf(headers.forwarded)) {
    for (const pair of element.split(';')) {
      const [name, value] = pair.split('=');
      if (name?.trim().toLowerCase() === 'for') hops.push(value ?? '');
    }
  }
  return hops;
}

export function cameFromThisMachine(req: FastifyRequest): boolean {
  return [req.socket.remoteAddress, ...forwardedHops(req.headers)].every(isLoopbackAddress);
}
