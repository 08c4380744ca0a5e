import { useEffect, useState, type ComponentType, type MouseEvent } from 'react';
import type { ContextMenuItem, ContextMenuPosition } from './ContextMenuView.tsx';
import { whenIdle } from './whenIdle.ts';

export type { ContextMenuItem, ContextMenuPosition } from './ContextMenuView.tsx';

type View = ComponentType<{
  at: ContextMenuPosition;
  items: readonly ContextMenuItem[];
  onClose: () => void;
}>;

// The menu's code (Mantine Menu, floating-ui) is not in the page's first load (home's task
// cards have one): it loads when the browser is first idle after a page with a context menu paints,
// or at the first right-click if that comes sooner. Once loaded the menu opens in the same render as
// the right-click, as a plain import would.
let loadedView: View | null = null;
let loadingView: Promise<View> | null = null;
const loadView = () =>
  (loadingView ??= import('./ContextMenuView.tsx').then((m) => (loadedView = m.default)));

/**
 * The product's own right-click menu (spec 002 §2), placed at the cursor. Features build its
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
  const wanted = at !== null;
  const [View, setView] = useState<View | null>(() => loadedView);
  useEffect(() => {
    if (View) return;
    let live = true;
    const load = () =>
      void loadView().then(
        (loaded) => live && setView(() => loaded),
        () => undefined,
      );
    if (!wanted) {
      const cancel = whenIdle(load);
      return () => {
        live = false;
        cancel();
      };
    }
    load();
    return () => {
      live = false;
    };
  }, [View, wanted]);
  if (!at || !View) return null;
  return <View at={at} items={items} onClose={onClose} />;
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
