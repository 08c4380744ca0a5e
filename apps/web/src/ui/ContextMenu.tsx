import { lazy, Suspense, useState, type MouseEvent } from 'react';
import type { ContextMenuItem, ContextMenuPosition } from './ContextMenuView.tsx';

export type { ContextMenuItem, ContextMenuPosition } from './ContextMenuView.tsx';

// The menu's code (Mantine Menu, floating-ui) loads on the first right-click, not with the page
// (issue 22: home's task cards have one).
const ContextMenuView = lazy(() => import('./ContextMenuView.tsx'));

/**
 * The product's own right-click menu (spec 002 §2, issue 23), placed at the cursor. Features build its
 * items from their action definitions, the same the toolbars and shortcuts use.
 */
export function ContextMenu({
  at,
  items,
  onClose,
}: {
  at: ContextMenuPosition | null;
  items: readonly ContextMenuItem[];
  onClose: () => void;
}) {
  if (!at) return null;
  return (
    <Suspense fallback={null}>
      <ContextMenuView at={at} items={items} onClose={onClose} />
    </Suspense>
  );
}

/** State of one context menu: `onContextMenu` to put on the element, `at` and `close` for <ContextMenu>. */
export function useContextMenu() {
  const [at, setAt] = useState<ContextMenuPosition | null>(null);
  return {
    at,
    close: () => setAt(null),
    onContextMenu: (event: MouseEvent) => {
      event.preventDefault();
      event.stopPropagation();
      setAt({ x: event.clientX, y: event.clientY });
    },
  };
}
