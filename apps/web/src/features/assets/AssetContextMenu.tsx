import type { AssetItem } from '@rushes/shared';
import { ContextMenu } from '../../ui/ContextMenu.tsx';
import { ASSET_ACTIONS, type AssetActionEnv } from './actions.ts';

/** Where the menu opens and on what: the row, or the whole selection when the row is in it. */
export interface MenuTarget {
  x: number;
  y: number;
  assets: AssetItem[];
}

/**
 * The product's right-click menu on assets (spec 000 §2): Open, Metadata, Copy, Move, Delete from
 * the shared action list, each with its shortcut; one menu for the whole list, placed at the cursor.
 */
export function AssetContextMenu({
  target,
  env,
  onClose,
}: {
  target: MenuTarget | null;
  env: AssetActionEnv;
  onClose: () => void;
}) {
  return (
    <ContextMenu
      at={target}
      items={
        target
          ? ASSET_ACTIONS.map((action) => ({
              id: action.id,
              label: action.label,
              icon: action.icon,
              shortcutLabel: action.shortcutLabel,
              color: action.color,
              disabled: !action.enabled(env, target.assets),
              run: () => action.run(env, target.assets),
            }))
          : []
      }
      onClose={onClose}
    />
  );
}
