import { Menu, Text } from '@mantine/core';
import { IconHelp, IconLogout, IconRoute, IconSettings, IconUserCog } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { APP_VERSION, UI, SHELL_UI } from '@rushes/shared';
import { useUser } from '../../api/currentUser.ts';
import { helpCenterUrl, useShellConfig } from '../../features/shell/api.ts';
import { useRestartTour } from '../../features/tour/tourControl.ts';
import type { DeferredMenuProps } from '../../ui/DeferredMenu.tsx';
import { usePanels } from '../panels/PanelContext.ts';
import { PATHS } from '../paths.ts';

/**
 * The user menu's items (spec 002 §2 Top bar): Team Settings, Account Settings, Help Center
 * (HELP_CENTER_URL in a new tab, the user guide by default), Product Tour (restarts it),
 * Sign Out, version. Loaded on the menu's first opening (UserMenu.tsx).
 */
export default function UserMenuDropdown({ target }: DeferredMenuProps) {
  const user = useUser();
  const navigate = useNavigate();
  const panels = usePanels();
  const config = useShellConfig().data;
  const restartTour = useRestartTour();

  return (
    <Menu position="bottom-end" width={220} shadow="md" defaultOpened>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="dark" truncate="end">
            {user.name}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {user.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item leftSection={<IconSettings size={16} />} onClick={() => navigate(PATHS.settings)}>
          {UI.teamSettings}
        </Menu.Item>
        <Menu.Item leftSection={<IconUserCog size={16} />} onClick={() => panels.open('accountSettings', {})}>
          {UI.accountSettings}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconHelp size={16} />}
          component="a"
          href={helpCenterUrl(config)}
          target="_blank"
          rel="noopener noreferrer"
        >
          {UI.helpCenter}
        </Menu.Item>
        <Menu.Item leftSection={<IconRoute size={16} />} onClick={restartTour}>
          {SHELL_UI.restartTour}
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => navigate(PATHS.logout)}>
          {UI.signOut}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item disabled>{UI.version(APP_VERSION)}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
