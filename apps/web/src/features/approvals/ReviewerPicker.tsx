import { useQuery } from '@tanstack/react-query';
import { UI, type ReviewerSearchResult } from '@rushes/shared';
import { approvalsRoutes } from '@rushes/shared/routes/assets';
import { call } from '../../api/client.ts';
import { useSelectedTeam, useUser } from '../../api/currentUser.ts';
import { PeopleSearchPicker, useSearchTerm, type PickedPerson } from '../../ui/PeopleSearchPicker.tsx';
import { canIn, useProjectInfo } from '../projects/api.ts';
import { approvalKeys } from './api.ts';

type Found = ReviewerSearchResult['users'][number];

/** People already asked in this asset's requests of one kind: shown disabled. */
export interface AskedPeople {
  userIds: ReadonlySet<string>;
  emails: ReadonlySet<string>;
}

/** People to ask on an asset (spec 000 §7: search_text, team_id): the project's team and members. */
function useReviewerSearch(ingestDbId: string, text: string, enabled: boolean) {
  const { team } = useSelectedTeam();
  return useQuery({
    queryKey: approvalKeys.people(ingestDbId, text),
    queryFn: ({ signal }) =>
      call(
        approvalsRoutes.userSearch,
        { ingest_db_id: ingestDbId, search_text: text, team_id: team?.team_db_id },
        { signal },
      ).then((d) => d.users),
    enabled,
    staleTime: 30_000,
    meta: { silent: true },
  });
}

interface ReviewerPickerProps {
  projectDbId: string;
  ingestDbId: string;
  label: string;
  value: readonly PickedPerson[];
  onChange: (value: PickedPerson[]) => void;
  max: number;
  asked: AskedPeople;
  error?: string;
}

/**
 * The approval / review people field: searches the project's team from 3 characters. Who is
 * already on a request of this kind shows disabled ('Already on this request'); a teammate outside
 * the project can be picked by someone who may add collaborators (they join as a reviewer), and
 * shows disabled ('Not in this project') for anyone else. A typed e-mail is invited.
 */
export function ReviewerPicker({ projectDbId, ingestDbId, asked, ...rest }: ReviewerPickerProps) {
  const user = useUser();
  const info = useProjectInfo(projectDbId);
  const canAdd = canIn(info.data, 'can_add_update_collaborators');
  const term = useSearchTerm();
  const results = useReviewerSearch(ingestDbId, term.debounced, term.searching);
  const detail = (u: Found) => {
    if (asked.userIds.has(u.user_id)) return UI.alreadyAsked;
    if (!u.in_project) return canAdd ? UI.joinsAsReviewer : UI.notInProject;
    return null;
  };
  return (
    <PeopleSearchPicker<Found>
      {...rest}
      placeholder={UI.searchPeople}
      term={term}
      results={results}
      hidden={(u) => u.user_id === user.user_id}
      disabled={(u) => asked.userIds.has(u.user_id) || (!u.in_project && !canAdd)}
      detail={detail}
      inviteDisabled={(email) => asked.emails.has(email)}
    />
  );
}
