import { UI } from '@rushes/shared';
import {
  PeopleSearchPicker,
  personKey,
  useSearchTerm,
  type PickedPerson,
} from '../../ui/PeopleSearchPicker.tsx';
import { useMemberSearch } from './api.ts';

export { personKey, type PickedPerson };

/** The picked people as the API takes them. */
export function splitPeople(picked: readonly PickedPerson[]) {
  return {
    user_ids: picked.flatMap((p) => (p.kind === 'user' ? [p.user_id] : [])),
    user_emails: picked.flatMap((p) => (p.kind === 'email' ? [p.email] : [])),
  };
}

interface PeoplePickerProps {
  projectDbId: string;
  label: string;
  value: readonly PickedPerson[];
  onChange: (value: PickedPerson[]) => void;
  /** At most this many (1 for a task's assignee). */
  max?: number;
  /** People who cannot be picked (oneself, those already asked). */
  excludeUserIds?: ReadonlySet<string>;
  error?: string;
  disabled?: boolean;
}

/**
 * The assignee and reviewer picker (spec 000 §5): searches the project's members from 3 typed
 * characters ('No user found' when none), or takes a typed e-mail ('Invite <email>'), shown as
 * removable chips. With max 1, picking replaces the choice.
 */
export function PeoplePicker({ projectDbId, excludeUserIds, disabled = false, ...rest }: PeoplePickerProps) {
  const term = useSearchTerm();
  const results = useMemberSearch(projectDbId, term.debounced, term.searching);
  return (
    <PeopleSearchPicker
      {...rest}
      placeholder={UI.searchPeople}
      readOnly={disabled}
      term={term}
      results={results}
      hidden={excludeUserIds && ((u) => excludeUserIds.has(u.user_id))}
    />
  );
}
