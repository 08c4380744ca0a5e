import { Kbd, Menu } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import { useState, type MouseEvent } from 'react';

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
        <div aria-hidden style={{ position: 'fixed', left: at.x, top: at.y, width: 0, height: 0 }} />
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
