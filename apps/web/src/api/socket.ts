import type { QueryClient } from '@tanstack/react-query';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@rushes/shared';
import { queryKeys } from './queryKeys.ts';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: AppSocket | null = null;

/**
 * The realtime connection (DESIGN §5), same origin, authenticated by the session cookie. Opened
 * only while logged in. Events say what changed and the client refetches through the API; after
 * a reconnect every query refetches, so nothing missed while offline stays stale.
 */
export function connectSocket(queryClient: QueryClient): AppSocket {
  if (socket) {
    if (!socket.connected && !socket.active) socket.connect();
    return socket;
  }
  const next: AppSocket = io({ withCredentials: true, autoConnect: false });
  let connectedBefore = false;
  next.on('connect', () => {
    if (connectedBefore) void queryClient.invalidateQueries();
    connectedBefore = true;
  });

  const refetchUser = () => void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
  next.on('user_updated', refetchUser);
  next.on('team_add', refetchUser);
  next.on('team_update', refetchUser);
  next.on('team_delete', refetchUser);

  next.connect();
  socket = next;
  return next;
}

/** The socket while logged in, for features that join rooms or listen to more events. */
export function getSocket(): AppSocket | null {
  return socket;
}

export function disconnectSocket(): void {
  socket?.disconnect();
  socket = null;
}
