import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { MSG, PROJECT_INVITE_PREFIX } from '@rushes/shared';
import { projectsRoutes } from '@rushes/shared/routes/projects';
import { teamsRoutes } from '@rushes/shared/routes/teams';
import { call } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { projectKeys } from '../../features/projects/api.ts';
import { projectPath } from '../../features/projects/paths.ts';
import { teamKeys } from '../../features/teams/api.ts';
import { navigateTo } from '../navigation.ts';
import { toast } from '../../ui/toast.ts';
import { showApiError } from '../apiErrors.ts';

/** Invite codes already sent in this page's life (StrictMode runs effects twice). */
const accepted = new Set<string>();

/**
 * A logged-in user landing anywhere with ?inviteCode= joins that team once (spec 002 §4): the code
 * is accepted, the result toasted, the switcher refreshed, and the code dropped from the address.
 * A project invitation (code prefix PROJECT_INVITE_PREFIX) joins the project and opens it.
 */
export function useInviteAcceptance(): void {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const code = params.get('inviteCode');

  useEffect(() => {
    if (!code) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('inviteCode');
        next.delete('email');
        return next;
      },
      { replace: true },
    );
    if (accepted.has(code)) return;
    accepted.add(code);
    if (code.startsWith(PROJECT_INVITE_PREFIX)) {
      // a project invitation (002 §6): join, then open the project
      call(projectsRoutes.acceptInvite, { invite_code: code })
        .then((data) => {
          toast.success(data.message || MSG.projectInviteAccepted);
          void queryClient.invalidateQueries({ queryKey: projectKeys.trays });
          navigateTo(projectPath(data.project_db_id));
        })
        .catch(showApiError);
      return;
    }
    call(teamsRoutes.acceptInvite, { invite_code: code })
      .then((data) => {
        toast.success(data.message || MSG.inviteAccepted);
        void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
        void queryClient.invalidateQueries({ queryKey: teamKeys.all });
      })
      .catch(showApiError);
  }, [code, setParams, queryClient]);
}
