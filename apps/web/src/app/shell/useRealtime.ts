import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CurrentUser } from '@rushes/shared';
import { switchTeam } from '../../api/currentUser.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { connectSocket } from '../../api/socket.ts';
import { getSelectedTeamId } from '../../api/teamStorage.ts';
import { billingKeys } from '../../features/billing/api.ts';
import { subscriptionKeys } from '../../features/subscription/api.ts';
import { openManageTeamWelcome } from '../../features/teams/manageTeamWelcome.tsx';
import { teamKeys } from '../../features/teams/api.ts';

/**
 * Opens the realtime connection while the logged-in shell is shown; /logout closes it. Team events
 * (spec 002 §4) refresh the switcher (the socket client refetches the user) and the team settings;
 * losing the selected team falls back to the personal one; billing_detail refreshes billing;
 * a team-plan subscription_detail opens the 'Manage Team' welcome modal.
 */
export function useRealtime(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const socket = connectSocket(queryClient);
    const refreshTeams = () => void queryClient.invalidateQueries({ queryKey: teamKeys.all });
    const onTeamDelete = ({ team_db_id }: { team_db_id: string }) => {
      refreshTeams();
      if (getSelectedTeamId() !== team_db_id) return;
      const user = queryClient.getQueryData<CurrentUser>(queryKeys.currentUser);
      const personal = user?.teams.find((t) => t.is_personal);
      if (personal) switchTeam(queryClient, personal.team_db_id);
    };
    const onBilling = () => void queryClient.invalidateQueries({ queryKey: billingKeys.all });
    const onSubscription = (payload: { team_detail: { is_team_plan: boolean } }) => {
      if (payload.team_detail?.is_team_plan) openManageTeamWelcome();
    };

    socket.on('team_add', refreshTeams);
    socket.on('team_update', refreshTeams);
    socket.on('team_delete', onTeamDelete);
    socket.on('billing_detail', onBilling);
    socket.on('subscription_detail', onSubscription);
    const onSubscriptionChanged = () =>
      void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
    socket.on('subscription_changed', onSubscriptionChanged);
    return () => {
      socket.off('subscription_changed', onSubscriptionChanged);
      socket.off('team_add', refreshTeams);
      socket.off('team_update', refreshTeams);
      socket.off('team_delete', onTeamDelete);
      socket.off('billing_detail', onBilling);
      socket.off('subscription_detail', onSubscription);
    };
  }, [queryClient]);
}
