import { PUBLIC_MSG } from '@rushes/shared';
import { ApiError, isSessionLost, upgradeDataOf } from '../api/client.ts';
import { toast } from '../ui/toast.ts';

/**
 * The global presentation of a failed call (spec 002 §8): a lost session is already on its way
 * to /logout; a plan limit opens the upgrade modal; anything else is an 'Error' toast with the
 * server's errormessage. Forms show field errors inline and call this only for the rest.
 */
export function showApiError(error: unknown): void {
  if (isSessionLost(error)) return;
  const upgrade = upgradeDataOf(error);
  if (upgrade) {
    // the modal (Mantine's modal stack) loads when a limit is hit, not with every page
    void import('./UpgradeModal.tsx').then((m) => m.openUpgradeModal(upgrade));
    return;
  }
  toast.error(error instanceof ApiError ? error.message : PUBLIC_MSG.somethingWentWrong);
}
