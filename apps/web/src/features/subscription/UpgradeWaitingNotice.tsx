import { Alert, Anchor } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { Link } from 'react-router';
import { SUB_TEXT } from '@rushes/shared';
import { UPGRADE_PLAN_PATH } from '../../app/paths.ts';

/**
 * The waiting notice of an upgrade in progress (spec 000 §4, 001 §2): the user's waiting_time, a link
 * to /subscription?sidebar=upgrade-plan.
 */
export function UpgradeWaitingNotice({ waitingTime }: { waitingTime: number }) {
  const minutes = Math.max(1, Math.ceil(waitingTime / 60));
  return (
    <Alert color="yellow" icon={<IconHourglass size={18} />} data-testid="upgrade-waiting">
      {SUB_TEXT.upgradeWaiting(minutes)}{' '}
      <Anchor component={Link} to={UPGRADE_PLAN_PATH} size="sm">
        {SUB_TEXT.viewUpgrade}
      </Anchor>
    </Alert>
  );
}
