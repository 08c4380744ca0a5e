import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerEventName, ServerToClientEvents } from '@rushes/shared';
import { settled, type TestApp } from './harness.ts';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type Payload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];

/** The Origin the harness configures (PUBLIC_URL). */
export const APP_ORIGIN = 'http://localhost:3000';
const WAIT_MS = 3_000;

/** Listens on a random loopback port and answers the base URL. */
export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

export interface ConnectOptions {
  cookie?: string;
  /** Sent as the Origin header; null sends none. Defaults to the app's own origin, as a browser would. */
  origin?: string | null;
  /** Off by default: a refused connection must stay refused, not retry in the background. */
  reconnection?: boolean;
}

const opened = new Set<ClientSocket>();

/** The event listener surface without the generic event map (for helpers generic over the event). */
interface Untyped {
  on(event: string, listener: (payload: unknown) => void): unknown;
  off(event: string, listener: (payload: unknown) => void): unknown;
}
const untyped = (socket: ClientSocket) => socket as unknown as Untyped;

/** Opens a websocket-only client; the headers go on the upgrade request. Not yet connected. */
export function openSocket(url: string, opts: ConnectOptions = {}): ClientSocket {
  const origin = opts.origin === undefined ? APP_ORIGIN : opts.origin;
  const headers: Record<string, string> = {};
  if (opts.cookie) headers.cookie = opts.cookie;
  if (origin) headers.origin = origin;
  const socket: ClientSocket = io(url, {
    transports: ['websocket'],
    extraHeaders: headers,
    forceNew: true,
    reconnection: opts.reconnection ?? false,
    reconnectionDelay: 50,
    reconnectionDelayMax: 100,
    timeout: WAIT_MS,
  });
  opened.add(socket);
  return socket;
}

/** How a connection attempt ends: connected, or the connect_error message. */
export function settle(
  socket: ClientSocket,
  ms = WAIT_MS,
): Promise<{ connected: true } | { connected: false; error: string }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`connection neither succeeded nor failed within ${ms} ms`));
    }, ms);
    const onConnect = () => {
      cleanup();
      resolve({ connected: true });
    };
    const onError = (err: Error) => {
      cleanup();
      resolve({ connected: false, error: err.message });
    };
    const cleanup = () => {
      clearTimeout(timer);
      socket.off('connect', onConnect);
      socket.off('connect_error', onError);
    };
    socket.on('connect', onConnect);
    socket.on('connect_error', onError);
  });
}

/** Connects and fails the test unless the server accepts. */
export async function connect(url: string, opts: ConnectOptions = {}): Promise<ClientSocket> {
  const socket = openSocket(url, opts);
  const result = await settle(socket);
  if (!result.connected)
    throw new Error(`expected the connection to be accepted, got connect_error: ${result.error}`);
  return socket;
}

/** Connects and answers the connect_error message; fails the test if the server accepts. */
export async function refusal(url: string, opts: ConnectOptions = {}): Promise<string> {
  const socket = openSocket(url, opts);
  const result = await settle(socket);
  socket.close();
  if (result.connected) throw new Error('expected the connection to be refused, but it connected');
  return result.error;
}

/** Records every payload of an event from now on. */
export function record<E extends ServerEventName>(socket: ClientSocket, event: E): Payload<E>[] {
  const seen: Payload<E>[] = [];
  untyped(socket).on(event, (payload) => seen.push(payload as Payload<E>));
  return seen;
}

/** The next payload of an event; rejects after `ms`. */
export function next<E extends ServerEventName>(
  socket: ClientSocket,
  event: E,
  ms = WAIT_MS,
): Promise<Payload<E>> {
  const s = untyped(socket);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      s.off(event, onEvent);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    const onEvent = (payload: unknown) => {
      clearTimeout(timer);
      s.off(event, onEvent);
      resolve(payload as Payload<E>);
    };
    s.on(event, onEvent);
  });
}

/** Resolves on the client's `disconnect` with its reason; rejects after `ms`. */
export function disconnected(socket: ClientSocket, ms = WAIT_MS): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not disconnected within ${ms} ms`)), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

/** Asks to join a room and answers the server's ack; rejects when no ack comes. */
export function join(
  socket: ClientSocket,
  room: string,
  ms = WAIT_MS,
): Promise<{ ok: boolean; error?: string }> {
  return socket.timeout(ms).emitWithAck('join', room);
}

/**
 * Proves a socket missed an event deterministically: `sentinel` must make the server emit something
 * this socket does receive, sent after the event under test; one connection keeps order, so once the
 * sentinel arrives anything earlier has arrived too. The hints of what the test did go out after
 * the answers (EventBus.afterCommit), so the sentinel waits until they have been handed over.
 */
export async function afterSentinel(socket: ClientSocket, sentinel: () => void): Promise<void> {
  const arrived = next(socket, 'has_new_notification');
  await settled();
  sentinel();
  await arrived;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Closes every socket opened through these helpers (afterAll / afterEach). */
export function closeAllSockets() {
  for (const s of opened) s.close();
  opened.clear();
}
