import { Badge } from '@mantine/core';
import { Link } from 'react-router';
import { SUB_TEXT } from '@rushes/shared';
import { useUser } from '../../api/currentUser.ts';
import { UPGRADE_PLAN_PATH } from '../../app/paths.ts';

/** The top bar's upgrading-subscription banner (spec 002 §2), while is_subscription_upgrade_in_progress. */
export function UpgradingBanner() {
  const user = useUser();
  if (!user.is_subscription_upgrade_in_progress) return null;
  const minutes = Math.max(1, Math.ceil(user.waiting_time / 60));
  return (
    <Badge
      component={Link}
      to={UPGRADE_PLAN_PATH}
      color="yellow"
      variant="light"
      size="lg"
      style={{ cursor: 'pointer', textTransform: 'none' }}
      title={SUB_TEXT.upgradeWaiting(minutes)}
      data-testid="upgrading-banner"
    >
      {SUB_TEXT.upgradingBanner}
    </Badge>
  );
}
