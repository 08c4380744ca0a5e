import { Drawer, Group } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { BREAKPOINTS_PX, UI } from '@rushes/shared';
import { Suspense, useEffect, type ComponentType } from 'react';
import { HelpLink } from '../../ui/HelpLink.tsx';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { panelRegistry, panelTitle } from './panelTable.ts';
import type { PanelBaseProps, PanelType } from './registry.ts';

export interface OpenPanel {
  type: PanelType;
  props: object;
}

/** A panel opened again with other props (another team, another member) starts afresh. */
const panelKey = (panel: OpenPanel) => `${panel.type}:${JSON.stringify(panel.props)}`;

/**
 * The open side panel as a right-hand drawer with its title (PanelHost keeps which one). Loaded when
 * the first panel opens, so the drawer, its focus trap and scroll lock and the panel table are not in
 * a page's first load.
 */
export default function PanelDrawer({
  panel,
  opened,
  onClose,
  onExited,
  onMounted,
}: {
  panel: OpenPanel | null;
  opened: boolean;
  onClose: () => void;
  onExited: () => void;
  /** after the first render (closed), so the first opening has the drawer's transition and focus trap */
  onMounted: () => void;
}) {
  useEffect(onMounted, [onMounted]);
  const entry = panel ? panelRegistry[panel.type] : null;
  // Under 768 px a side panel is a full-screen sheet.
  const phone = useMediaQuery(`(max-width: ${(BREAKPOINTS_PX.tablet - 0.02) / 16}em)`) ?? false;
  const title = panel ? panelTitle(panel.type, panel.props) : '';
  // The registry ties each type to its props; here they travel together untyped.
  const Component = entry?.component as ComponentType<PanelBaseProps> | undefined;

  return (
    <Drawer.Root
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={onExited}
      position="right"
      size={phone ? '100%' : 'md'}
    >
      <Drawer.Overlay />
      {/* data-panel names the open type: the e2e breakpoint sweep checks it opened every type */}
      <Drawer.Content data-panel={panel?.type}>
        <Drawer.Header>
          <Drawer.Title fw={600}>{title}</Drawer.Title>
          <Group gap={4} wrap="nowrap">
            {entry && <HelpLink section={entry.help} topic={title} />}
            <Drawer.CloseButton aria-label={UI.close} />
          </Group>
        </Drawer.Header>
        <Drawer.Body>
          {Component && panel && (
            <Suspense fallback={<PageLoader />}>
              <Component key={panelKey(panel)} {...panel.props} close={onClose} />
            </Suspense>
          )}
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
