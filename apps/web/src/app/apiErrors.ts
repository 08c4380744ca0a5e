import { MSG } from '@rushes/shared';
import { ApiError, isSessionLost, upgradeDataOf } from '../api/client.ts';
import { toast } from '../ui/toast.ts';
import { openUpgradeModal } from './UpgradeModal.tsx';

/**
 * The global presentation of a failed call (spec 002 §8): a lost session is already on its way
 * to /logout; a plan limit opens the upgrade modal; anything else is an 'Error' toast with the
 * server's errormessage. Forms show field errors inline and call this only for the rest.
 */
export function showApiError(error: unknown): void {
  if (isSessionLost(error)) return;
  const upgrade = upgradeDataOf(error);
  if (upgrade) {
    openUpgradeModal(upgrade);
    return;
  }
  toast.error(error instanceof ApiError ? error.message : MSG.somethingWentWrong);
}
