import { MSG } from '@rushes/shared';
import { ApiError, isUnauthorized, upgradeDataOf } from '../api/client.ts';
import { toast } from '../ui/toast.ts';
import { openUpgradeModal } from './UpgradeModal.tsx';

/**
 * The global presentation of a failed call (spec 002 §8): a 401 is already on its way to
 * /logout; a plan limit opens the upgrade modal; anything else is an 'Error' toast with the
 * server's errormessage. Forms show field errors inline and call this only for the rest.
 */
export function showApiError(error: unknown): void {
  if (isUnauthorized(error)) return;
  const upgrade = upgradeDataOf(error);
  if (upgrade) {
    openUpgradeModal(upgrade);
    return;
  }
  toast.error(error instanceof ApiError ? error.message : MSG.somethingWentWrong);
}
