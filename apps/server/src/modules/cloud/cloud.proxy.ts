import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import { CLOUD_API } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { resolveSession, SESSION_COOKIE } from '../../platform/auth/sessions.ts';
import type { ModuleLog } from '../../platform/modules.ts';
import { parseCookieHeader } from '../../platform/realtime/cookies.ts';
import { checkLaunchToken, sessionById } from './cloud.access.ts';
import { mayOpenDesktop } from './cloud.policy.ts';
import { foreignOrigin, tunnelEntrance, type TunnelTarget } from './cloud.tunnel.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STATUS_TEXT = { 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 429: 'Too Many Requests' };

function refuse(socket: Duplex, status: keyof typeof STATUS_TEXT) {
  socket.end(`HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** Bytes a WebSocket may hold unsent before the VNC side is paused (a slow viewer's link). */
const HIGH_WATER = 4 * 1024 * 1024;
/**
 * The most read from the VNC server at once. A full-frame update (3.6 MB raw at 1280x720) then
 * crosses in a few WebSocket messages instead of ~56 of the socket's default 64 KiB, each a fresh
 * buffer to allocate and collect: half of the proxy's CPU per frame.
 */
const READ_SIZE = 1024 * 1024;

type Entrance = (req: IncomingMessage, url: URL) => Promise<TunnelTarget>;

/**
 * WebSocket-to-TCP proxies to a started session's VNC server, one upgrade listener with two
 * entrances that differ only in how the caller is known:
 * - `CLOUD_API.vnc`, the browser launch: the session cookie of a user who may open the desktop
 *   (`mayOpenDesktop`: the owner, or an invited live collaborator) and a launch token issued to them;
 * - `CLOUD_API.tunnel`, the connector on the user's computer: the connection file's connector token
 *   (no cookie), failures rate-limited per address (cloud.tunnel.ts).
 * Both: the Origin, if sent, is this host; only while the session is started; every open desktop is
 * closed when its session stops being started. The VNC password is still asked by the VNC server.
 */
export function installVncProxy(ctx: AppContext, fastify: FastifyInstance, log: ModuleLog) {
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: 4 * 1024 * 1024 });
  const policy = { idleHours: ctx.config.SESSION_IDLE_HOURS, maxDays: ctx.config.SESSION_MAX_DAYS };
  // who holds each open desktop: checked again whenever their session changes (End, the end time)
  const holders = new Map<WebSocket, { sessionId: string; userId: string }>();
  ctx.events.on('cloud.changed', async ({ sessionId }) => {
    if (!sessionId || ![...holders.values()].some((h) => h.sessionId === sessionId)) return;
    const row = await sessionById(ctx, sessionId);
    for (const [ws, h] of holders)
      if (h.sessionId === sessionId && !(row && mayOpenDesktop(row, h.userId))) {
        log.info({ sessionId, userId: h.userId }, 'cloud: desktop closed (the session is not started)');
        ws.close();
      }
  });

  const browser: Entrance = async (req, url) => {
    if (foreignOrigin(req)) return 403;
    const who = await resolveSession(ctx.db, parseCookieHeader(req.headers.cookie)[SESSION_COOKIE], policy);
    if (who?.kind !== 'full') return 401;
    const id = url.searchParams.get('cloud_id') ?? '';
    const token = url.searchParams.get('launch_token') ?? '';
    if (!UUID.test(id)) return 404;
    const row = await sessionById(ctx, id);
    if (!row || !mayOpenDesktop(row, who.userId) || !row.port || !row.ipAddress) return 403;
    if (!checkLaunchToken(ctx.secret, row.id, who.userId, token)) return 403;
    return { host: row.ipAddress, port: row.port, sessionId: row.id, userId: who.userId };
  };
  const entrances: Record<string, { name: string; decide: Entrance }> = {
    [CLOUD_API.vnc]: { name: 'browser', decide: browser },
    [CLOUD_API.tunnel]: { name: 'connector', decide: tunnelEntrance(ctx, fastify) },
  };

  function pipe(ws: WebSocket, t: Exclude<TunnelTarget, number>, via: string) {
    holders.set(ws, { sessionId: t.sessionId, userId: t.userId });
    // backpressure both ways: a slow side pauses the other instead of growing a buffer here
    let paused = false;
    const relieve = () => {
      if (paused && ws.bufferedAmount < HIGH_WATER / 2) {
        paused = false;
        tcp.resume();
      }
    };
    let buffer = Buffer.allocUnsafe(READ_SIZE);
    const tcp = net.connect({
      host: t.host,
      port: t.port,
      noDelay: true,
      onread: {
        // read into the same buffer again when the WebSocket holds nothing (its last message went
        // to the kernel at once, so no slice of the buffer is still referenced), else into a new one
        buffer: () => (ws.bufferedAmount === 0 ? buffer : (buffer = Buffer.allocUnsafe(READ_SIZE))),
        callback: (n: number, buf: Uint8Array) => {
          if (ws.readyState !== ws.OPEN) return true;
          ws.send(buf.subarray(0, n), relieve);
          paused = ws.bufferedAmount > HIGH_WATER;
          return !paused;
        },
      },
    });
    tcp.on('drain', () => ws.resume());
    tcp.on('error', () => ws.close());
    tcp.on('close', () => ws.close());
    ws.on('message', (data: Buffer) => {
      if (!tcp.write(data)) ws.pause();
    });
    ws.on('close', () => {
      holders.delete(ws);
      tcp.destroy();
    });
    ws.on('error', () => tcp.destroy());
    log.info({ sessionId: t.sessionId, userId: t.userId, via }, 'cloud: desktop opened through the proxy');
  }

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const entrance = entrances[url.pathname];
    if (!entrance) return; // socket.io's own path, or nothing of ours
    socket.on('error', () => undefined);
    entrance
      .decide(req, url)
      .then((t) => {
        if (typeof t === 'number') {
          log.info({ status: t, via: entrance.name }, 'cloud: desktop proxy refused');
          return refuse(socket, t);
        }
        wss.handleUpgrade(req, socket, head, (ws) => pipe(ws, t, entrance.name));
      })
      .catch((err: unknown) => {
        log.error({ err }, 'cloud: desktop proxy failed');
        refuse(socket, 403);
      });
  };
  fastify.server.on('upgrade', onUpgrade);
  fastify.addHook('onClose', async () => {
    fastify.server.off('upgrade', onUpgrade);
    for (const ws of holders.keys()) ws.terminate();
    wss.close();
  });
}
