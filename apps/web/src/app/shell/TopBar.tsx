import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router';
import { APP_NAME } from '@rushes/shared';
import { CloudBanner } from '../../features/cloud/CloudBanner.tsx';
import { LiveIndicator } from '../../features/live/LiveIndicator.tsx';
import { NotificationBell } from '../../features/notifications/NotificationBell.tsx';
import { UpgradingBanner } from '../../features/subscription/UpgradingBanner.tsx';
import { useIsAppBuild } from '../../features/shell/api.ts';
import { UploadMenu } from '../../features/uploads/UploadMenu.tsx';
import { PATHS } from '../paths.ts';
import { TeamSwitcher } from './TeamSwitcher.tsx';
import { UserMenu } from './UserMenu.tsx';

/**
 * The top bar (spec 002 §2): logo to /, upload status menu, notification bell, team switcher, user
 * menu. The app build (embedded/kiosk shell) has no bell and no team switcher. The upgrading-subscription
 * banner while an upgrade waits for its payment, the cloud-session banner (spec 001 §2), and the live collaboration call's indicator.
 */
export function TopBar() {
  const appBuild = useIsAppBuild();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="xs">
      <Anchor component={Link} to={PATHS.home} fw={800} size="xl" underline="never" data-tour="home">
        {APP_NAME}
      </Anchor>
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <UpgradingBanner />
        <CloudBanner />
        <LiveIndicator />
        <div data-tour="uploads">
          <UploadMenu />
        </div>
        {!appBuild && <NotificationBell />}
        {!appBuild && <TeamSwitcher />}
        <UserMenu />
      </Group>
    </Group>
  );
}
