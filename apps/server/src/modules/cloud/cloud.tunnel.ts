import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import os from 'node:os';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { cloudSessions } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { isLoopbackAddress } from '../../platform/http/loopback.ts';
import { requestOrigin } from '../../platform/http/requestOrigin.ts';
import { mayOpenDesktop, type SessionRow } from './cloud.policy.ts';

/*
 * The connector's way in: a token in the connection file instead of a session cookie, for a program
 * on the user's computer (rushes-upload connect) that tunnels a local TCP port to the session's VNC
 * over the WebSocket at CLOUD_API.tunnel. cloud.proxy.ts runs the upgrade for both entrances.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const sign = (secret: string, sessionId: string, userId: string, endSec: number) =>
  createHmac('sha256', secret).update(`cloud-connector.${sessionId}.${userId}.${endSec}`).digest('base64url');

/**
 * `<user id>.<session end, s>.<HMAC>`: bound to the session, its user and the end the session had
 * when it was issued. The end is carried in the token, not read back from the session, so that a
 * file downloaded before an extension keeps working after it; what bounds its life is the session
 * itself: it opens nothing once the session is no longer started (and a session never starts again).
 */
export function connectorToken(secret: string, sessionId: string, userId: string, endsAt: Date) {
  const endSec = Math.floor(endsAt.getTime() / 1000);
  return `${userId}.${endSec}.${sign(secret, sessionId, userId, endSec)}`;
}

/** The user a connector token was issued to when it is one for this session, else null. */
export function connectorTokenUser(secret: string, row: SessionRow, token: string): string | null {
  const [userId, endText, sig] = token.split('.');
  const endSec = Number(endText);
  if (!userId || !UUID.test(userId) || !sig || !Number.isInteger(endSec)) return null;
  const want = Buffer.from(sign(secret, row.id, userId, endSec));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got) ? userId : null;
}

/** What an upgrade entrance decides: refused with a status, or the desktop to connect and for whom. */
export type TunnelTarget =
  401 | 403 | 404 | 429 | { host: string; port: number; sessionId: string; userId: string };

/** The Origin of an upgrade, when it names one, must be this host's (a page elsewhere cannot use it). */
export const foreignOrigin = (req: IncomingMessage) => {
  const origin = req.headers.origin;
  if (!origin) return false;
  try {
    return new URL(origin).host !== req.headers.host;
  } catch {
    return true;
  }
};

/** The client's address for counting failures (the left-most forwarded hop behind a trusted proxy). */
function clientAddress(config: Config, req: IncomingMessage) {
  const forwarded = req.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return ((config.TRUST_PROXY && first) || req.socket.remoteAddress || 'unknown').replace(/^::ffff:/, '');
}

/** Failed tunnel attempts allowed per client address and minute; then every attempt is refused (429). */
export const TUNNEL_FAILURES_PER_MINUTE = 20;

/**
 * The tunnel entrance: `?cloud_id=&token=` with a connector token of a user who may open the
 * desktop now (mayOpenDesktop: the owner, or an invited live collaborator, while started). Failures
 * are counted per address by the platform's rate limiter (Redis-backed across nodes when REDIS_URL
 * is set); once over, the address is refused before anything is checked, a right token too.
 */
export function tunnelEntrance(ctx: AppContext, fastify: FastifyInstance) {
  const limiter = ctx.config.RATE_LIMIT
    ? fastify.createRateLimit({
        max: TUNNEL_FAILURES_PER_MINUTE,
        timeWindow: 60_000,
        keyGenerator: (req) => `cloud-tunnel:${req.ip}`,
      })
    : null;
  // the limiter reads only the key's parts of a request: the address, and no route options
  const asked = (ip: string) => ({ ip, routeOptions: { config: {} } }) as unknown as FastifyRequest;

  async function decide(req: IncomingMessage, url: URL): Promise<TunnelTarget> {
    if (foreignOrigin(req)) return 403;
    const id = url.searchParams.get('cloud_id') ?? '';
    const token = url.searchParams.get('token') ?? '';
    if (!token) return 401;
    if (!UUID.test(id)) return 404;
    const [row] = await ctx.db.select().from(cloudSessions).where(eq(cloudSessions.id, id));
    if (!row) return 404;
    const userId = connectorTokenUser(ctx.secret, row, token);
    if (!userId) return 401;
    if (!mayOpenDesktop(row, userId) || !row.port || !row.ipAddress) return 403;
    return { host: row.ipAddress, port: row.port, sessionId: row.id, userId };
  }

  return async (req: IncomingMessage, url: URL): Promise<TunnelTarget> => {
    const who = asked(clientAddress(ctx.config, req));
    if (limiter) {
      const seen = await limiter(who, { increment: false });
      if (!seen.isAllowed && seen.remaining === 0) return 429;
    }
    const target = await decide(req, url);
    if (typeof target === 'number' && limiter) await limiter(who);
    return target;
  };
}

const loopbackHost = (hostname: string) =>
  hostname === 'localhost' ||
  hostname.endsWith('.localhost') ||
  hostname === '0.0.0.0' ||
  isLoopbackAddress(hostname);

/** This machine's first non-internal IPv4 address (what another computer on its network reaches). */
function lanAddress(): string | null {
  for (const list of Object.values(os.networkInterfaces()))
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  return null;
}

/**
 * The server's address as the user's computer reaches it, for what is handed to a program there (the
 * connection file) and the ready step's address: the origin the browser used (PUBLIC_URL when it names
 * the same host: it knows the scheme behind a TLS proxy); when the browser is on this machine
 * (loopback), PUBLIC_URL unless it is loopback too, else this machine's network address on the same
 * port. Never a loopback address while another exists.
 */
export function publicOrigin(req: FastifyRequest, config: Config): string {
  const configured = new URL(config.publicUrl);
  const asked = requestOrigin(req);
  const reached = asked ? new URL(asked) : null;
  if (reached && !loopbackHost(reached.hostname))
    return reached.host === configured.host ? configured.origin : reached.origin;
  if (!loopbackHost(configured.hostname)) return configured.origin;
  const lan = lanAddress();
  const base = reached ?? configured;
  if (!lan) return base.origin;
  return `${base.protocol}//${lan}${base.port ? `:${base.port}` : ''}`;
}

/** The host (no port) of publicOrigin: the ready step's 'IP address'. */
export const publicHost = (req: FastifyRequest, config: Config) =>
  new URL(publicOrigin(req, config)).hostname.replace(/^\[|\]$/g, '');

/**
 * The address shown to the user for a session: the machine's own when another computer can reach it
 * (a pool workstation), else (a local desktop on this server's loopback) the server's public host.
 */
export const shownAddress = (machineAddress: string | null, host: string | undefined) =>
  machineAddress && !loopbackHost(machineAddress) ? machineAddress : (host ?? null);
