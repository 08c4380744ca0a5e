import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { withChunkTimeout } from '../chunkLoad.ts';
import { PanelContext, type PanelsApi } from './PanelContext.ts';
import type { OpenPanel } from './PanelDrawer.tsx';

// The drawer and the panel table load with the first panel opened, then stay.
const PanelDrawer = lazy(withChunkTimeout(() => import('./PanelDrawer.tsx')));

/** Keeps the open side panel (one at a time) and renders it in the right-hand drawer. */
export function PanelHost({ children }: { children: ReactNode }) {
  const [panel, setPanel] = useState<OpenPanel | null>(null);
  const [opened, setOpened] = useState(false);
  const onClose = useRef<(() => void) | undefined>(undefined);
  const leave = () => {
    const callback = onClose.current;
    onClose.current = undefined;
    callback?.();
  };

  const api = useMemo<PanelsApi>(
    () => ({
      open: (type, props, options) => {
        leave();
        onClose.current = options?.onClose;
        setPanel({ type, props });
        setOpened(true);
      },
      close: () => {
        leave();
        setOpened(false);
      },
    }),
    [],
  );

  // mounted from the first opening on; it opens once mounted, so even the first opening has the
  // drawer's transition and focus trap as before
  const [used, setUsed] = useState(false);
  const [mounted, setMounted] = useState(false);
  if (panel && !used) setUsed(true);
  const onMounted = useCallback(() => setMounted(true), []);

  return (
    <PanelContext.Provider value={api}>
      {children}
      {used && (
        <Suspense fallback={null}>
          <PanelDrawer
            panel={panel}
            opened={opened && mounted}
            onMounted={onMounted}
            onClose={api.close}
            onExited={() => {
              if (!opened) setPanel(null);
            }}
          />
        </Suspense>
      )}
    </PanelContext.Provider>
  );
}
