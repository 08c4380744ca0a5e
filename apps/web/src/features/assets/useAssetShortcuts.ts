import { useEffect, useRef } from 'react';
import type { AssetItem } from '@rushes/shared';
import { actionForKey, type AssetActionEnv } from './actions.ts';

/** Text entry, where a letter is a letter and Backspace edits. */
const TEXT_INPUT = 'input:not([type=checkbox]):not([type=radio]), textarea, select, [contenteditable="true"]';

/**
 * Keyboard shortcuts of the asset actions (DESIGN §7) on the selection: Enter opens, I metadata,
 * C copy, M move, Delete (or Backspace) deletes; Escape clears the selection. Ignored while typing,
 * with a modifier held, or with a dialog, panel or menu open.
 */
export function useAssetShortcuts(env: AssetActionEnv, selected: AssetItem[], onEscape: () => void): void {
  const latest = useRef({ env, selected, onEscape });
  useEffect(() => {
    latest.current = { env, selected, onEscape };
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest(TEXT_INPUT)) return;
      if (document.querySelector('[role="dialog"], [role="menu"]')) return;
      const { env: current, selected: assets, onEscape: clear } = latest.current;
      if (event.key === 'Escape') {
        if (assets.length) clear();
        return;
      }
      if (event.defaultPrevented) return;
      if (target?.closest('button, a[href]') && event.key === 'Enter') return;
      const action = actionForKey(event.key);
      if (!action || !action.enabled(current, assets)) return;
      event.preventDefault();
      action.run(current, [...assets]);
    };
    // capture: a tooltip or popover that swallows Escape on its way up must not hide it from us
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, []);
}
