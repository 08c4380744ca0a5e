import type { QueryClient } from '@tanstack/react-query';
import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@rushes/shared';
import { whenIdle } from '../ui/whenIdle.ts';
import { queryKeys } from './queryKeys.ts';

type RealSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * What features use of the realtime connection: listen, stop listening, emit, emit with an ack
 * and a timeout, and whether it is connected. The socket.io client itself (≈ 12 KB gzipped) loads
 * after the shell's first paint, so this is a stand-in that keeps the listeners and
 * emits given before it arrives and hands them to the real socket once it does.
 */
export type AppSocket = Pick<RealSocket, 'on' | 'off' | 'emit' | 'timeout'> & {
  readonly connected: boolean;
};

type Listener = (...args: unknown[]) => void;
type Emit = (event: string, ...args: unknown[]) => unknown;

class DeferredSocket {
  private real: RealSocket | null = null;
  private closed = false;
  private readonly listeners: [string, Listener][] = [];
  private readonly pendingEmits: unknown[][] = [];
  readonly ready: Promise<RealSocket>;

  constructor(load: () => Promise<RealSocket>) {
    // once the page has painted: the client is not needed for it (every query refetches on connect)
    this.ready = new Promise<void>((resolve) => whenIdle(resolve)).then(load).then((real) => {
      if (this.closed) {
        real.disconnect();
        return real;
      }
      this.real = real;
      for (const [event, listener] of this.listeners) real.on(event as 'connect', listener);
      this.listeners.length = 0;
      // socket.io buffers emits made before its connection opens, as it does for these
      for (const args of this.pendingEmits.splice(0)) (real.emit as unknown as Emit)(...(args as [string]));
      real.connect();
      return real;
    });
    // a failed chunk load is the same as a lost connection: the shell still works without live updates
    this.ready.catch((err: unknown) => console.warn('realtime client did not load', err));
  }

  get connected(): boolean {
    return this.real?.connected ?? false;
  }

  /** Connects again after a disconnect (the real socket's own `active` covers its reconnecting). */
  reconnect(): void {
    if (this.real && !this.real.connected && !this.real.active) this.real.connect();
  }

  on(event: string, listener: Listener): this {
    if (this.real) this.real.on(event as 'connect', listener);
    else this.listeners.push([event, listener]);
    return this;
  }

  off(event: string, listener: Listener): this {
    if (this.real) this.real.off(event as 'connect', listener);
    else {
      const at = this.listeners.findIndex(([e, l]) => e === event && l === listener);
      if (at >= 0) this.listeners.splice(at, 1);
    }
    return this;
  }

  emit(...args: unknown[]): this {
    if (this.real) (this.real.emit as unknown as Emit)(...(args as [string]));
    else this.pendingEmits.push(args);
    return this;
  }

  timeout(ms: number) {
    return {
      emitWithAck: async (...args: unknown[]) => {
        const real = await this.ready;
        return (real.timeout(ms).emitWithAck as unknown as Emit)(...(args as [string]));
      },
    };
  }

  disconnect(): void {
    this.closed = true;
    this.real?.disconnect();
  }
}

let socket: DeferredSocket | null = null;

async function openRealSocket(queryClient: QueryClient): Promise<RealSocket> {
  const { io } = await import('socket.io-client');
  // WebSocket first: one upgrade request instead of a long-polling handshake, its polls and then the
  // upgrade. A network that blocks WebSockets (some proxies) still gets long-polling.
  const next: RealSocket = io({
    withCredentials: true,
    autoConnect: false,
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
  });
  // Events are only heard while connected: whatever was fetched before this connection (the pages
  // painted while the client loaded, or everything before a reconnect) may have missed some, so
  // every query refetches when the connection opens.
  next.on('connect', () => void queryClient.invalidateQueries());

  const refetchUser = () => void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
  next.on('user_updated', refetchUser);
  next.on('team_add', refetchUser);
  next.on('team_update', refetchUser);
  next.on('team_delete', refetchUser);
  return next;
}

/**
 * The realtime connection (DESIGN §5), same origin, authenticated by the session cookie. Opened
 * only while logged in. Events say what changed and the client refetches through the API; after
 * it opens (first time or again) every query refetches, so nothing missed before stays stale. The first call
 * (an effect of the shell, so after its first paint) starts loading the socket.io client.
 */
export function connectSocket(queryClient: QueryClient): AppSocket {
  if (socket) {
    socket.reconnect();
    return socket as unknown as AppSocket;
  }
  socket = new DeferredSocket(() => openRealSocket(queryClient));
  return socket as unknown as AppSocket;
}

/** The socket while logged in, for features that join rooms or listen to more events. */
export function getSocket(): AppSocket | null {
  return socket as unknown as AppSocket | null;
}

export function disconnectSocket(): void {
  socket?.disconnect();
  socket = null;
}
