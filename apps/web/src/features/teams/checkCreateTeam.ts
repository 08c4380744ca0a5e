import { API, MSG } from '@rushes/shared';
import { teamsRoutes } from '@rushes/shared/routes/teams';
import { ApiError, call, upgradeDataOf } from '../../api/client.ts';
import { showApiError } from '../../app/apiErrors.ts';
import { openUpgradeModal } from '../../app/UpgradeModal.tsx';
import { toast } from '../../ui/toast.ts';

interface CheckAnswer {
  can_create_team?: boolean;
  upgrade_required?: unknown;
}

/**
 * Creating a team is checked first through the permission call (spec 002 §4): true when the
 * plan allows another team; otherwise the upgrade modal opens (or the server's error shows).
 */
export async function checkCreateTeam(): Promise<boolean> {
  try {
    const data: CheckAnswer = await call(teamsRoutes.checkPermission);
    if (data.can_create_team) return true;
    // A refusal may also come as a successful answer carrying the upgrade data.
    const upgrade = upgradeDataOf(new ApiError('', undefined, data, 200, API.teams.checkPermission));
    if (upgrade) openUpgradeModal(upgrade);
    else toast.error(MSG.forbidden);
    return false;
  } catch (error) {
    showApiError(error);
    return false;
  }
}
