import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import { LIVE_API } from '@rushes/shared';
import { liveCollaborations } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { resolveSession, SESSION_COOKIE } from '../../platform/auth/sessions.ts';
import type { ModuleLog } from '../../platform/modules.ts';
import { parseCookieHeader } from '../../platform/realtime/cookies.ts';
import { desktopEndpoint } from '../cloud/index.ts';
import { authenticateUpstream, ByteReader } from '../../platform/rfb/rfbClient.ts';
import { acceptDownstream, GuestInputFilter } from './live.rfb.ts';
import { verifyCallToken } from './live.tokens.ts';
import './live.events.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function refuse(socket: Duplex, status: 401 | 403 | 404) {
  const text = { 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found' }[status];
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

interface Viewer {
  ws: WebSocket;
  filter: GuestInputFilter;
}

/**
 * The guest's view of the host's workstation (docs/decisions/0029-live-collaboration.md). A WebSocket at
 * LIVE_API.desktop opened only by the invited guest of a collaboration who has joined its call
 * (session cookie, their call token, same origin) while the session runs. The server authenticates
 * to the VNC server with the session's password, offers the guest RFB without a password, and
 * drops the guest's key, pointer and clipboard messages unless the host handed over control. The
 * view closes when the guest leaves the call, is removed, or the host ends it.
 */
export function installLiveDesktop(ctx: AppContext, fastify: FastifyInstance, log: ModuleLog) {
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: 4 * 1024 * 1024 });
  const policy = { idleHours: ctx.config.SESSION_IDLE_HOURS, maxDays: ctx.config.SESSION_MAX_DAYS };
  const viewers = new Map<string, Set<Viewer>>();

  // The guest's relay is held by the node their WebSocket reached; the host's request (or socket
  // event) that changes it may reach another node. Domain events run on the node that committed
  // them, so they are passed on to every node, and each acts on the relays it holds.
  ctx.realtime.onEveryNode('live.desktop.control', ({ collabId, guestControl }) => {
    for (const v of viewers.get(collabId) ?? []) v.filter.allowInput = guestControl;
  });
  ctx.realtime.onEveryNode('live.desktop.close', ({ collabId }) => {
    for (const v of viewers.get(collabId) ?? []) v.ws.close(1000);
  });
  ctx.events.on('live.control', ({ collabId, guestControl }) =>
    ctx.realtime.toEveryNode('live.desktop.control', { collabId, guestControl }),
  );
  ctx.events.on('live.removed', ({ collabId }) =>
    ctx.realtime.toEveryNode('live.desktop.close', { collabId }),
  );
  ctx.events.on('live.changed', ({ collabId, callJoined }) => {
    if (!callJoined) ctx.realtime.toEveryNode('live.desktop.close', { collabId });
  });

  async function target(req: IncomingMessage, url: URL) {
    const origin = req.headers.origin;
    if (origin && new URL(origin).host !== req.headers.host) return 403 as const;
    const who = await resolveSession(ctx.db, parseCookieHeader(req.headers.cookie)[SESSION_COOKIE], policy);
    if (who?.kind !== 'full') return 401 as const;
    const collabId = url.searchParams.get('live_collaboration_db_id') ?? '';
    if (!UUID.test(collabId)) return 404 as const;
    if (!verifyCallToken(ctx.secret, url.searchParams.get('token') ?? '', collabId, who.userId))
      return 403 as const;
    const [row] = await ctx.db
      .select()
      .from(liveCollaborations)
      .where(and(eq(liveCollaborations.id, collabId), eq(liveCollaborations.guestUserId, who.userId)))
      .limit(1);
    if (!row?.callJoined) return 403 as const;
    const endpoint = await desktopEndpoint(ctx, row.sessionId);
    if (!endpoint) return 403 as const;
    return { ...endpoint, collabId, guestControl: row.guestControl, userId: who.userId };
  }

  function relay(ws: WebSocket, t: Exclude<Awaited<ReturnType<typeof target>>, number>) {
    const viewer: Viewer = { ws, filter: new GuestInputFilter() };
    viewer.filter.allowInput = t.guestControl;
    const set = viewers.get(t.collabId) ?? new Set();
    viewers.set(t.collabId, set.add(viewer));
    const tcp = net.connect(t.port, t.host);
    tcp.setNoDelay(true);
    const upstream = new ByteReader();
    const downstream = new ByteReader();
    let piping = false;
    const toGuest = (b: Buffer) => ws.readyState === ws.OPEN && ws.send(b);
    const toDesktop = (b: Buffer) => {
      try {
        const out = viewer.filter.push(b);
        if (out.length) tcp.write(out);
      } catch (err) {
        log.warn({ err, collabId: t.collabId }, 'live: guest desktop stream refused');
        ws.close(1008);
      }
    };
    tcp.on('data', (chunk: Buffer) => (piping ? toGuest(chunk) : upstream.push(chunk)));
    ws.on('message', (data: Buffer) => (piping ? toDesktop(data) : downstream.push(data)));
    const done = () => {
      set.delete(viewer);
      if (!set.size) viewers.delete(t.collabId);
      upstream.close();
      downstream.close();
      tcp.destroy();
      if (ws.readyState === ws.OPEN) ws.close();
    };
    tcp.on('error', done);
    tcp.on('close', done);
    ws.on('close', done);
    ws.on('error', done);
    (async () => {
      await authenticateUpstream(upstream, (b) => tcp.write(b), t.password);
      await acceptDownstream(downstream, toGuest);
      piping = true;
      const early = upstream.rest();
      if (early.length) toGuest(early);
      const init = downstream.rest();
      if (init.length) toDesktop(init);
      log.info({ collabId: t.collabId, userId: t.userId }, 'live: guest watches the workstation');
    })().catch((err: unknown) => {
      log.warn({ err, collabId: t.collabId }, 'live: guest desktop handshake failed');
      done();
    });
  }

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== LIVE_API.desktop) return;
    socket.on('error', () => undefined);
    target(req, url)
      .then((t) => {
        if (typeof t === 'number') {
          log.info({ status: t }, 'live: guest desktop refused');
          return refuse(socket, t);
        }
        wss.handleUpgrade(req, socket, head, (ws) => relay(ws, t));
      })
      .catch((err: unknown) => {
        log.error({ err }, 'live: guest desktop failed');
        refuse(socket, 403);
      });
  };
  fastify.server.on('upgrade', onUpgrade);
  fastify.addHook('onClose', async () => {
    fastify.server.off('upgrade', onUpgrade);
    for (const set of viewers.values()) for (const v of set) v.ws.terminate();
    wss.close();
  });
}
