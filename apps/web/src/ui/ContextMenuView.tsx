import { Kbd, Menu } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import type { Ref } from 'react';
import { createPortal } from 'react-dom';

/** One line of a product context menu: built from a feature's shared action definitions. */
export interface ContextMenuItem {
  id: string;
  label: string;
  icon: TablerIcon;
  shortcutLabel?: string;
  color?: 'red';
  disabled?: boolean;
  run: () => void;
}

export interface ContextMenuPosition {
  x: number;
  y: number;
}

/**
 * The menu's anchor: a point at the cursor, in the body, so that `position: fixed` is the viewport's
 * even when the menu opens inside a transformed box (a side panel's drawer is one).
 */
function CursorAnchor({ at, ref }: { at: ContextMenuPosition; ref?: Ref<HTMLDivElement> }) {
  return createPortal(
    <div ref={ref} aria-hidden style={{ position: 'fixed', left: at.x, top: at.y, width: 0, height: 0 }} />,
    document.body,
  );
}

/** The open right-click menu, placed at the cursor (loaded on the first right-click: ContextMenu.tsx). */
export default function ContextMenuView({
  at,
  items,
  onClose,
}: {
  at: ContextMenuPosition;
  items: readonly ContextMenuItem[];
  onClose: () => void;
}) {
  return (
    <Menu
      key={`${at.x}:${at.y}`}
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
        <CursorAnchor at={at} />
      </Menu.Target>
      <Menu.Dropdown data-product-menu>
        {items.map((item) => (
          <Menu.Item
            key={item.id}
            color={item.color}
            leftSection={<item.icon size={16} />}
            rightSection={item.shortcutLabel ? <Kbd size="xs">{item.shortcutLabel}</Kbd> : undefined}
            disabled={item.disabled}
            onClick={item.run}
          >
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
