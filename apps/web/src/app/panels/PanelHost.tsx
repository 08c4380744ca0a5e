import { Drawer, Group } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { BREAKPOINTS_PX } from '@rushes/shared';
import { HelpLink } from '../../ui/HelpLink.tsx';
import { UI } from '@rushes/shared';
import { Suspense, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { PanelContext, type PanelsApi } from './PanelContext.ts';
import { panelRegistry, panelTitle } from './panelTable.ts';
import type { PanelBaseProps, PanelType } from './registry.ts';

interface OpenPanel {
  type: PanelType;
  props: object;
}

/** A panel opened again with other props (another team, another member) starts afresh. */
const panelKey = (panel: OpenPanel) => `${panel.type}:${JSON.stringify(panel.props)}`;

/** Renders the open side panel as a right-hand drawer with its title; one panel at a time. */
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

  const entry = panel ? panelRegistry[panel.type] : null;
  // Under 768 px a side panel is a full-screen sheet (issue 23).
  const phone = useMediaQuery(`(max-width: ${(BREAKPOINTS_PX.tablet - 0.02) / 16}em)`) ?? false;
  const title = panel ? panelTitle(panel.type, panel.props) : '';
  // The registry ties each type to its props; here they travel together untyped.
  const Component = entry?.component as ComponentType<PanelBaseProps> | undefined;

  return (
    <PanelContext.Provider value={api}>
      {children}
      <Drawer.Root
        opened={opened}
        onClose={api.close}
        onExitTransitionEnd={() => {
          if (!opened) setPanel(null);
        }}
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
                <Component key={panelKey(panel)} {...panel.props} close={api.close} />
              </Suspense>
            )}
          </Drawer.Body>
        </Drawer.Content>
      </Drawer.Root>
    </PanelContext.Provider>
  );
}
