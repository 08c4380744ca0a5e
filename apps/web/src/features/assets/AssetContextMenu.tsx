import { Kbd, Menu } from '@mantine/core';
import type { AssetItem } from '@rushes/shared';
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
  if (!target) return null;
  return (
    <Menu
      key={`${target.x}:${target.y}`}
      opened
      onChange={(opened) => {
        if (!opened) onClose();
      }}
      position="bottom-start"
      offset={2}
      shadow="md"
      width={220}
      withinPortal
    >
      <Menu.Target>
        <div aria-hidden style={{ position: 'fixed', left: target.x, top: target.y, width: 0, height: 0 }} />
      </Menu.Target>
      <Menu.Dropdown>
        {ASSET_ACTIONS.map((action) => (
          <Menu.Item
            key={action.id}
            color={action.color}
            leftSection={<action.icon size={16} />}
            rightSection={<Kbd size="xs">{action.shortcutLabel}</Kbd>}
            disabled={!action.enabled(env, target.assets)}
            onClick={() => action.run(env, target.assets)}
          >
            {action.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
