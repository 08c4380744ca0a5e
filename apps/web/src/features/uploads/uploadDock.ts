import { useSyncExternalStore } from 'react';

/** Whether the upload status dock is open (the top-bar button toggles it; the shell lays it out). */
let open = false;
const listeners = new Set<() => void>();
const set = (next: boolean) => {
  if (open === next) return;
  open = next;
  for (const l of listeners) l();
};

export const uploadDock = {
  toggle: () => set(!open),
  close: () => set(false),
};

export function useUploadDockOpen(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => open,
    () => false,
  );
}

/** The id of the dock, for the button's aria-controls. */
export const UPLOAD_DOCK_ID = 'upload-status-dock';
