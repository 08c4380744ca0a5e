import { useSyncExternalStore } from 'react';

/**
 * Mantine's modal host (ModalsProvider, with Modal, its focus trap, scroll lock and scroll area) is
 * not in the shell's first load: it loads the first time a modal is asked for. Callers
 * open their modal after `whenModalsReady()`; `modals.open` before the host listens would be lost.
 */
let wanted = false;
let mounted = false;
const waiting: (() => void)[] = [];
const listeners = new Set<() => void>();

export function whenModalsReady(): Promise<void> {
  if (mounted) return Promise.resolve();
  if (!wanted) {
    wanted = true;
    listeners.forEach((listener) => listener());
  }
  return new Promise((resolve) => waiting.push(resolve));
}

/** Called by the host once its provider listens (and with false when the shell goes away). */
export function setModalHostMounted(on: boolean): void {
  mounted = on;
  if (on) for (const resolve of waiting.splice(0)) resolve();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Whether a modal was asked for, so the shell mounts the host. */
export function useModalsWanted(): boolean {
  return useSyncExternalStore(subscribe, () => wanted);
}
