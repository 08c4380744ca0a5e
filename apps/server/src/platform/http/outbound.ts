import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { Readable } from 'node:stream';

/*
 * The outbound HTTP client (DESIGN §9, ASVS 1.3.6 / 5.2.6): every call to a configured or
 * user-supplied address goes through it. It refuses private, loopback, link-local, multicast and
 * reserved targets unless their host is listed as trusted (OUTBOUND_TRUSTED_HOSTS). The check runs
 * on the address actually connected to (the socket's DNS lookup), so a name that resolves to a
 * public address when checked and a private one when used (DNS rebinding) is refused too; redirects
 * are never followed. `guardedFetch` gives the WHATWG `fetch` shape SDKs take (the openai package).
 */

export class OutboundRefused extends Error {
  constructor(readonly target: string) {
    super(`outbound call to a private address refused: ${target}`);
    this.name = 'OutboundRefused';
  }
}

const BLOCKED = new net.BlockList();
for (const [net4, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  BLOCKED.addSubnet(net4, prefix, 'ipv4');
for (const [net6, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  BLOCKED.addSubnet(net6, prefix, 'ipv6');

const unbracket = (host: string) => host.replace(/^\[|\]$/g, '');

/** Whether an IP address is private, loopback, link-local, multicast or reserved (v4, v6, v4-mapped). */
export function isPrivateAddress(address: string): boolean {
  const ip = unbracket(address).toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (mapped) return isPrivateAddress(mapped[1]);
  const family = net.isIP(ip);
  if (family === 0) return true; // not an address: refuse
  return BLOCKED.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

export interface OutboundOptions {
  /** Host names, IP addresses or CIDR ranges that may be private (comma-separated in the config). */
  trustedHosts: readonly string[];
}

export const parseTrustedHosts = (value: string): string[] =>
  value
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);

function trustRule(trusted: readonly string[]) {
  const names = new Set<string>();
  const ranges = new net.BlockList();
  for (const entry of trusted) {
    const [base, bits] = entry.split('/');
    const ip = unbracket(base);
    const family = net.isIP(ip);
    if (family && bits !== undefined) ranges.addSubnet(ip, Number(bits), family === 4 ? 'ipv4' : 'ipv6');
    else if (family) ranges.addAddress(ip, family === 4 ? 'ipv4' : 'ipv6');
    else names.add(entry);
  }
  return {
    host: (hostname: string) => names.has(unbracket(hostname).toLowerCase()),
    address: (address: string) => {
      const family = net.isIP(address);
      return family !== 0 && ranges.check(address, family === 4 ? 'ipv4' : 'ipv6');
    },
  };
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** A socket `lookup` that refuses private answers (all of them are checked, not only the first). */
function guardedLookup(isTrustedAddress: (address: string) => boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const bad = addresses.find((a) => isPrivateAddress(a.address) && !isTrustedAddress(a.address));
      if (bad) return callback(new OutboundRefused(`${hostname} (${bad.address})`), []);
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/**
 * The body as bytes, and the content type a `fetch` would give it (a FormData's multipart boundary
 * exists only in that header: the speech-to-text upload needs it).
 */
async function bodyBytes(
  body: RequestInit['body'],
): Promise<{ bytes: Buffer; type: string | null } | undefined> {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return { bytes: Buffer.from(body), type: null };
  if (body instanceof ArrayBuffer) return { bytes: Buffer.from(body), type: null };
  if (ArrayBuffer.isView(body))
    return { bytes: Buffer.from(body.buffer, body.byteOffset, body.byteLength), type: null };
  // Blob, FormData, URLSearchParams, streams: let a Request serialise them
  const serialised = new Request('http://x/', { method: 'POST', body, duplex: 'half' } as RequestInit);
  return {
    bytes: Buffer.from(await serialised.arrayBuffer()),
    type: serialised.headers.get('content-type'),
  };
}

/**
 * A `fetch` that goes through the guard: only http(s), no redirects followed, the target checked on
 * every connection. Bodies are streamed back (server-sent events arrive as they are sent); the
 * caller's `signal` aborts the request and its body.
 */
export function guardedFetch(options: OutboundOptions): typeof fetch {
  const trust = trustRule(options.trustedHosts);
  const lookup = guardedLookup(trust.address);
  return async (input, init = {}) => {
    const request = input instanceof Request ? input : null;
    const url = new URL(request ? request.url : String(input));
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundRefused(url.protocol);
    const trustedHost = trust.host(url.hostname);
    const literal = unbracket(url.hostname);
    if (!trustedHost && net.isIP(literal) && isPrivateAddress(literal) && !trust.address(literal))
      throw new OutboundRefused(url.host);
    const headers = new Headers(request?.headers);
    new Headers(init.headers).forEach((value, name) => headers.set(name, value));
    headers.set('accept-encoding', 'identity');
    const body = await bodyBytes(init.body ?? (request ? await request.arrayBuffer() : undefined));
    if (body?.type && !headers.has('content-type')) headers.set('content-type', body.type);
    const signal = init.signal ?? request?.signal ?? undefined;
    signal?.throwIfAborted();
    const client = url.protocol === 'https:' ? https : http;
    return new Promise<Response>((resolve, reject) => {
      const req = client.request(
        url,
        {
          method: init.method ?? request?.method ?? 'GET',
          headers: Object.fromEntries(headers),
          signal,
          // a trusted host may resolve to a private address; every other one is checked on connect
          ...(trustedHost ? {} : { lookup }),
        },
        (res) => {
          const out = new Headers();
          for (const [name, value] of Object.entries(res.headers))
            if (value !== undefined) out.set(name, Array.isArray(value) ? value.join(', ') : value);
          const status = res.statusCode ?? 502;
          const empty = status === 204 || status === 304 || req.method === 'HEAD';
          if (empty) res.resume();
          resolve(
            new Response(empty ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>), {
              status,
              statusText: res.statusMessage,
              headers: out,
            }),
          );
        },
      );
      req.on('error', reject);
      req.end(body?.bytes);
    });
  };
}

/**
 * Node agents with the same guard, for clients that take an agent instead of a `fetch` (the AWS
 * SDK's NodeHttpHandler, see `guardedRequestHandler` in the integrations module). Every connection
 * is checked: a literal private address is refused before connecting (Node skips `lookup` for
 * literals), a name is checked on its DNS answer, a trusted host name or range goes through. The
 * SDK never follows redirects, so a 3xx to loopback comes back to the caller as an error.
 */
export function guardedAgents(options: OutboundOptions & { keepAlive?: boolean }) {
  const trust = trustRule(options.trustedHosts);
  const lookup = guardedLookup(trust.address);
  const check = (host: string | null | undefined) => {
    const name = unbracket(host ?? '');
    if (trust.host(name)) return { trusted: true };
    if (net.isIP(name) && isPrivateAddress(name) && !trust.address(name)) throw new OutboundRefused(name);
    return { trusted: false };
  };
  type ConnectOptions = Parameters<http.Agent['createConnection']>[0];
  type ConnectCallback = Parameters<http.Agent['createConnection']>[1];
  const guard = <A extends http.Agent>(agent: A): A => {
    const original = agent.createConnection.bind(agent);
    agent.createConnection = (opts: ConnectOptions, cb?: ConnectCallback) => {
      let trusted: boolean;
      try {
        ({ trusted } = check(opts?.host ?? opts?.hostname));
      } catch (err) {
        // the agent hands the error to the request (its 'error' event), no socket is opened
        if (!cb) throw err;
        cb(err as Error, undefined as never);
        return undefined;
      }
      return original(trusted ? opts : ({ ...opts, lookup } as ConnectOptions), cb);
    };
    return agent;
  };
  const keepAlive = options.keepAlive ?? true;
  return {
    httpAgent: guard(new http.Agent({ keepAlive })),
    httpsAgent: guard(new https.Agent({ keepAlive })),
  };
}
