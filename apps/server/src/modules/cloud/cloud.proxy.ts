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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function refuse(socket: Duplex, status: 401 | 403 | 404) {
  const text = { 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found' }[status];
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * The browser launch: a WebSocket-to-TCP proxy from `CLOUD_API.vnc` to the session's VNC
 * server. Opened only with the session cookie of the session's owner (`mayOpenDesktop`: the hook for
 * an invited live collaborator), a launch token issued to them for that session, a same-origin
 * request, and only while the session is started. The VNC password is still asked by the server.
 */
export function installVncProxy(ctx: AppContext, fastify: FastifyInstance, log: ModuleLog) {
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: 4 * 1024 * 1024 });
  const policy = { idleHours: ctx.config.SESSION_IDLE_HOURS, maxDays: ctx.config.SESSION_MAX_DAYS };
  const open = new Set<WebSocket>();
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

  async function target(req: IncomingMessage, url: URL) {
    const origin = req.headers.origin;
    if (origin && new URL(origin).host !== req.headers.host) return 403 as const;
    const who = await resolveSession(ctx.db, parseCookieHeader(req.headers.cookie)[SESSION_COOKIE], policy);
    if (who?.kind !== 'full') return 401 as const;
    const id = url.searchParams.get('cloud_id') ?? '';
    const token = url.searchParams.get('launch_token') ?? '';
    if (!UUID.test(id)) return 404 as const;
    const row = await sessionById(ctx, id);
    if (!row || !mayOpenDesktop(row, who.userId) || !row.port || !row.ipAddress) return 403 as const;
    if (!checkLaunchToken(ctx.secret, row.id, who.userId, token)) return 403 as const;
    return { host: row.ipAddress, port: row.port, sessionId: row.id, userId: who.userId };
  }

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== CLOUD_API.vnc) return; // socket.io's own path, or nothing of ours
    socket.on('error', () => undefined);
    target(req, url)
      .then((t) => {
        if (typeof t === 'number') {
          log.info({ status: t }, 'cloud: desktop proxy refused');
          return refuse(socket, t);
        }
        wss.handleUpgrade(req, socket, head, (ws) => {
          open.add(ws);
          holders.set(ws, { sessionId: t.sessionId, userId: t.userId });
          const tcp = net.connect(t.port, t.host);
          tcp.setNoDelay(true);
          tcp.on('data', (chunk) => ws.readyState === ws.OPEN && ws.send(chunk));
          tcp.on('error', () => ws.close());
          tcp.on('close', () => ws.close());
          ws.on('message', (data: Buffer) => tcp.write(data));
          ws.on('close', () => {
            open.delete(ws);
            holders.delete(ws);
            tcp.destroy();
          });
          ws.on('error', () => tcp.destroy());
          log.info({ sessionId: t.sessionId, userId: t.userId }, 'cloud: desktop opened through the proxy');
        });
      })
      .catch((err: unknown) => {
        log.error({ err }, 'cloud: desktop proxy failed');
        refuse(socket, 403);
      });
  };
  fastify.server.on('upgrade', onUpgrade);
  fastify.addHook('onClose', async () => {
    fastify.server.off('upgrade', onUpgrade);
    for (const ws of open) ws.terminate();
    wss.close();
  });
}
