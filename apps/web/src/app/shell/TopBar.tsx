import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router';
import { APP_NAME } from '@rushes/shared';
import { CloudBanner } from '../../features/cloud/CloudBanner.tsx';
import { NotificationBell } from '../../features/notifications/NotificationBell.tsx';
import { UpgradingBanner } from '../../features/subscription/UpgradingBanner.tsx';
import { UploadMenu } from '../../features/uploads/UploadMenu.tsx';
import { PATHS } from '../paths.ts';
import { TeamSwitcher } from './TeamSwitcher.tsx';
import { UserMenu } from './UserMenu.tsx';

/** The top bar (spec 002 §2): logo to /, upload status menu, notification bell, team switcher, user menu. The upgrading-subscription banner while an upgrade waits for its payment, and the cloud-session banner (spec 001 §2). */
export function TopBar() {
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Anchor component={Link} to={PATHS.home} fw={800} size="xl" underline="never">
        {APP_NAME}
      </Anchor>
      <Group gap="sm" wrap="nowrap">
        <UpgradingBanner />
        <CloudBanner />
        <UploadMenu />
        <NotificationBell />
        <TeamSwitcher />
        <UserMenu />
      </Group>
    </Group>
  );
}
