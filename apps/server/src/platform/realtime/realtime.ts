import { randomUUID } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { ClientToServerEvents, ServerToClientEvents } from '@rushes/shared';
import { onClientEvent, type GuardedHandler } from './guardedEvents.ts';
import type { ClientEventName } from '@rushes/shared';

/** A module's handler of a client event: the socket's user, the zod-validated payload and the ack. */
export type ClientEventHandler<E extends ClientEventName> = (
  socket: RushesSocket,
  ...args: Parameters<GuardedHandler<E>>
) => ReturnType<GuardedHandler<E>>;

interface SocketData {
  userId: string;
  sessionKey: string;
}

/**
 * Messages between API nodes, never sent to a browser: something every node must do to what it holds
 * itself (a relay's socket, say), whichever node the request that caused it landed on. Modules
 * declare theirs by declaration merging; payloads are plain JSON.
 */
export interface NodeMessages {
  /** A node's count of open sockets, every `rebalanceMs`. */
  node_sockets: { node: string; sockets: number };
}
type NodeMessageName = keyof NodeMessages & string;
type NodeHandler = (payload: unknown) => void;

type Io = Server<ClientToServerEvents, ServerToClientEvents, Record<string, NodeHandler>, SocketData>;
export type RushesSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;
type Emit = Parameters<Io['emit']>;

/** Decides whether a user may join `prefix:{id}`; the same rule as the matching HTTP read. */
export type RoomPolicy = (userId: string, id: string) => Promise<boolean>;

export interface RealtimeOptions {
  /** Resolves the user and session of a Cookie header (the session cookie), or null. */
  authenticate: (cookieHeader: string | undefined) => Promise<{ userId: string; sessionKey: string } | null>;
  isAllowedOrigin: (origin: string) => boolean;
  redisUrl?: string;
  /** With Redis: how often this node reports its sockets and sheds those above its share (0: never). */
  rebalanceMs?: number;
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
}

/**
 * How many of its `mine` sockets a node closes so they reconnect elsewhere, when `nodes` nodes hold
 * `total`. A balancer spreads reconnects evenly, so of every n closed (n - 1) / n land on the others;
 * at most a fifth of its sockets at a time, and nothing within 10 % (or 20 sockets) of the share.
 */
export function socketsToShed(mine: number, total: number, nodes: number) {
  if (nodes < 2) return 0;
  const share = total / nodes;
  const excess = mine - share;
  if (excess <= Math.max(20, share * 0.1)) return 0;
  return Math.min(Math.ceil((excess * nodes) / (nodes - 1)), Math.ceil(mine / 5));
}

/**
 * Socket.IO on the HTTP server. Every connection is authenticated by the session cookie (connection
 * state recovery stays off so no reconnect skips the middleware), its Origin checked, and it joins
 * `user:{id}`. Other rooms are joined on request through a registered policy. With REDIS_URL, the
 * Redis adapter fans events out across API nodes.
 */
export class Realtime {
  readonly io: Io;
  private readonly policies = new Map<string, RoomPolicy>();
  private readonly redis: Redis[] = [];
  private readonly clientEvents: [ClientEventName, ClientEventHandler<ClientEventName>][] = [];
  private readonly nodeHandlers = new Map<string, NodeHandler[]>();
  /** Set by `drain`: this node is shutting down and takes no new sockets. */
  private draining = false;
  private readonly nodeId = randomUUID();
  /** Every node's last report (this one's included) and when it arrived. */
  private readonly nodeSockets = new Map<string, { sockets: number; at: number }>();
  private rebalanceTimer?: NodeJS.Timeout;
  /** Rounds to sit out after shedding, while the closed sockets reconnect and the counts settle. */
  private rebalanceCooldown = 0;

  constructor(
    server: HttpServer,
    private readonly opts: RealtimeOptions,
  ) {
    this.io = new Server(server, {
      path: '/socket.io',
      serveClient: false,
      allowRequest: (req, callback) => {
        // A draining node refuses handshakes, so a client that reconnects lands on another node.
        if (this.draining) return callback('shutting down', false);
        const origin = req.headers.origin;
        callback(null, !origin || opts.isAllowedOrigin(origin));
      },
    });
    if (opts.redisUrl) {
      const pub = new Redis(opts.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
      const sub = pub.duplicate();
      this.redis.push(pub, sub);
      this.io.adapter(createAdapter(pub, sub));
    }
    this.io.use(async (socket, next) => {
      try {
        const who = await opts.authenticate(socket.handshake.headers.cookie);
        if (!who) return next(new Error('unauthorized'));
        socket.data.userId = who.userId;
        socket.data.sessionKey = who.sessionKey;
        next();
      } catch {
        next(new Error('unauthorized'));
      }
    });
    this.io.on('connection', (socket) => this.onConnection(socket));
    if (opts.redisUrl && opts.rebalanceMs) this.startRebalancing(opts.rebalanceMs);
  }

  /**
   * After a restart the node that stayed holds every socket, and restarting it next would move them all
   * at once onto the other (the 2,000-user restart's join timeouts). Each node reports its count; one
   * above its share closes some transports, whose clients reconnect through the load balancer.
   */
  private startRebalancing(everyMs: number) {
    this.onEveryNode('node_sockets', ({ node, sockets }) =>
      this.nodeSockets.set(node, { sockets, at: Date.now() }),
    );
    this.rebalanceTimer = setInterval(() => this.rebalance(everyMs), everyMs);
    this.rebalanceTimer.unref();
  }

  private rebalance(everyMs: number) {
    if (this.draining) return;
    const local = this.io.of('/').sockets;
    this.toEveryNode('node_sockets', { node: this.nodeId, sockets: local.size });
    let total = 0;
    let nodes = 0;
    for (const [node, heard] of this.nodeSockets) {
      // a node silent for three rounds is gone (stopped, or cut off from Redis)
      if (Date.now() - heard.at > 3 * everyMs) {
        this.nodeSockets.delete(node);
        continue;
      }
      total += heard.sockets;
      nodes++;
    }
    if (this.rebalanceCooldown > 0) return void this.rebalanceCooldown--;
    const shed = socketsToShed(local.size, total, nodes);
    if (shed === 0) return;
    this.rebalanceCooldown = 1;
    this.opts.log.info(
      { shed, sockets: local.size, total, nodes },
      'realtime: moving sockets to other nodes',
    );
    let closed = 0;
    // a transport close, as in `drain`: the client reconnects (an 'io server disconnect' would not)
    for (const socket of local.values()) {
      if (closed++ >= shed) break;
      socket.conn.close();
    }
  }

  /** Registers who may join rooms named `${prefix}:{id}`. */
  registerRoom(prefix: string, policy: RoomPolicy) {
    if (this.policies.has(prefix)) throw new Error(`room policy for ${prefix} registered twice`);
    this.policies.set(prefix, policy);
  }

  /**
   * Registers a module's client event (e.g. live_signal): validated with its schema from
   * CLIENT_EVENT_SCHEMAS and contained to its socket like join/leave. Call before sockets connect.
   */
  registerClientEvent<E extends Exclude<ClientEventName, 'join' | 'leave'>>(
    event: E,
    handler: ClientEventHandler<E>,
  ) {
    if (this.clientEvents.some(([name]) => name === event)) throw new Error(`${event} registered twice`);
    this.clientEvents.push([event, handler as unknown as ClientEventHandler<ClientEventName>]);
  }

  private onConnection(socket: RushesSocket) {
    // The session room lets a logout end exactly this session's sockets, not the user's other devices.
    void socket.join([`user:${socket.data.userId}`, `session:${socket.data.sessionKey}`]);
    const warn = (obj: object, msg: string) =>
      this.opts.log.warn({ ...obj, userId: socket.data.userId }, msg);
    onClientEvent(
      socket,
      'join',
      async (room, reply) => {
        const parts = room.split(':');
        const [prefix, id] = parts;
        const policy = this.policies.get(prefix);
        if (parts.length !== 2 || !policy || !id || prefix === 'user' || prefix === 'session') {
          return reply({ ok: false, error: 'forbidden' });
        }
        const allowed = await policy(socket.data.userId, id).catch(() => false);
        if (!allowed) return reply({ ok: false, error: 'forbidden' });
        await socket.join(`${prefix}:${id}`);
        reply({ ok: true });
      },
      warn,
    );
    onClientEvent(
      socket,
      'leave',
      (room) => {
        if (!room.startsWith('user:') && !room.startsWith('session:')) void socket.leave(room);
      },
      warn,
    );
    for (const [event, handler] of this.clientEvents)
      onClientEvent(socket, event, (payload, reply) => handler(socket, payload, reply), warn);
  }

  /**
   * Runs `handler` on this node for every `name` message any node sends with `toEveryNode`. With
   * REDIS_URL the message travels by the adapter's serverSideEmit (the other nodes' Socket.IO
   * servers); a handler's error is logged, never thrown into the adapter.
   */
  onEveryNode<K extends NodeMessageName>(name: K, handler: (payload: NodeMessages[K]) => void) {
    const handlers = this.nodeHandlers.get(name);
    if (handlers) return void handlers.push(handler as NodeHandler);
    this.nodeHandlers.set(name, [handler as NodeHandler]);
    // what the other nodes' serverSideEmit raises on this node's main namespace
    const nsp = this.io.of('/') as unknown as { on(event: string, fn: NodeHandler): void };
    nsp.on(name, (payload) => this.runNodeHandlers(name, payload));
  }

  /** Sends a node message to every API node, this one included (its handlers run here at once). */
  toEveryNode<K extends NodeMessageName>(name: K, payload: NodeMessages[K]) {
    this.runNodeHandlers(name, payload);
    // The in-memory adapter of a single node has no other node to tell (and warns if asked).
    if (this.opts.redisUrl) this.io.serverSideEmit(name, payload);
  }

  private runNodeHandlers(name: string, payload: unknown) {
    for (const handler of this.nodeHandlers.get(name) ?? []) {
      try {
        handler(payload);
      } catch (err) {
        this.opts.log.warn({ err, message: name }, 'realtime: node message handler failed');
      }
    }
  }

  toUser<E extends Emit[0]>(userId: string, event: E, ...args: Parameters<ServerToClientEvents[E]>) {
    this.io.to(`user:${userId}`).emit(event, ...args);
  }

  /**
   * One event to many users' rooms as a single broadcast: one encode, and with Redis one PUBLISH
   * (the adapter sends the room list with the packet), instead of one per user. A socket in several
   * of the rooms still gets it once.
   */
  toUsers<E extends Emit[0]>(userIds: string[], event: E, ...args: Parameters<ServerToClientEvents[E]>) {
    if (userIds.length === 0) return;
    this.io.to(userIds.map((id) => `user:${id}`)).emit(event, ...args);
  }

  toRoom<E extends Emit[0]>(room: string, event: E, ...args: Parameters<ServerToClientEvents[E]>) {
    this.io.to(room).emit(event, ...args);
  }

  /** Ends a user's live connections everywhere (logout, password change). */
  disconnectUser(userId: string) {
    this.io.in(`user:${userId}`).disconnectSockets(true);
  }

  /** Takes a user's sockets out of a room on every node (removed from a team or project). */
  evictUser(userId: string, room: string) {
    this.io.in(`user:${userId}`).socketsLeave(room);
  }

  /** Ends the live connections of one session (logout), on every node. */
  disconnectSession(sessionKey: string) {
    this.io.in(`session:${sessionKey}`).disconnectSockets(true);
  }

  /**
   * First step of a graceful shutdown, before the HTTP server closes (which waits for every open
   * connection, an upgraded websocket included): refuses new handshakes and closes this node's
   * transports. Closing the transport, not sending a Socket.IO disconnect, is deliberate: a client
   * treats 'transport close' as a network failure and reconnects, through the load balancer, to
   * another node; after 'io server disconnect' it would stay offline. The adapter stays up, so events
   * of requests still in flight here reach the sockets that moved.
   */
  drain() {
    this.draining = true;
    clearInterval(this.rebalanceTimer);
    this.io.engine.close();
  }

  /** Closes sockets (if `drain` did not) and the Redis adapter's connections. */
  async close() {
    this.drain();
    await Promise.all(this.redis.map((r) => r.quit().catch(() => undefined)));
  }
}
