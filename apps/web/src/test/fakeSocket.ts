import { act } from '@testing-library/react';
import type { ServerToClientEvents } from '@rushes/shared';

type Event = keyof ServerToClientEvents;
type Payload<E extends Event> = Parameters<ServerToClientEvents[E]>[0];
type Listener = (payload?: unknown) => void;

const listeners = new Map<string, Set<Listener>>();

/**
 * The realtime connection, faked: the listeners the code under test adds, the emits it makes, and a
 * way to deliver an event to them. Each test file gets its own copy (vitest isolates files).
 */
export const socket = {
  connected: true,
  emitted: [] as unknown[][],
  on: (event: string, fn: Listener) => {
    listeners.set(event, (listeners.get(event) ?? new Set()).add(fn));
  },
  off: (event: string, fn: Listener) => listeners.get(event)?.delete(fn),
  emit: (...args: unknown[]) => {
    socket.emitted.push(args);
  },
  /** How many listeners are on `event`, or on every event when none is named. */
  listening: (event?: string) =>
    event === undefined
      ? [...listeners.values()].reduce((n, s) => n + s.size, 0)
      : (listeners.get(event)?.size ?? 0),
  deliver: (event: string, payload?: unknown) => listeners.get(event)?.forEach((fn) => fn(payload)),
};

/** Delivers a server event, typed by its name, as React sees an update from outside. */
export const deliver = <E extends Event>(event: E, payload: Payload<E>) =>
  act(() => socket.deliver(event, payload));

/**
 * api/socket.ts with connectSocket answering the fake. A test file mocks the module with it:
 *   vi.mock('…/api/socket.ts', (original) =>
 *     import('…/test/fakeSocket.ts').then((kit) => kit.withFakeSocket(original)));
 * The factory imports the kit itself because vitest hoists vi.mock above the file's imports.
 */
export const withFakeSocket = async (original: <M>() => Promise<M>) => ({
  ...(await original<typeof import('../api/socket.ts')>()),
  connectSocket: () => socket,
});
