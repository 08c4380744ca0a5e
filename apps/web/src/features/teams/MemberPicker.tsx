import { UI, type UserSearchResult } from '@rushes/shared';
import { PeopleSearchPicker, useSearchTerm, type PickedPerson } from '../../ui/PeopleSearchPicker.tsx';
import { useUserSearch } from './api.ts';

/** A chosen member: an existing user, or an e-mail to invite. */
export type PickedMember = PickedPerson;

/** Who is already in the team (owners, members, pending invites): shown disabled. */
export interface PresentMembers {
  userIds: ReadonlySet<string>;
  emails: ReadonlySet<string>;
}

export const NO_ONE_PRESENT: PresentMembers = { userIds: new Set(), emails: new Set() };

/** The picked members as the API takes them. */
export function splitPicked(picked: readonly PickedMember[]) {
  return {
    user_db_ids: picked.flatMap((p) => (p.kind === 'user' ? [p.user_id] : [])),
    user_emails: picked.flatMap((p) => (p.kind === 'email' ? [p.email] : [])),
  };
}

interface MemberPickerProps {
  label: string;
  value: readonly PickedMember[];
  onChange: (value: PickedMember[]) => void;
  /** The team being edited, so the search can tell who is in it; none while creating. */
  teamDbId?: string;
  present?: PresentMembers;
  error?: string;
}

/**
 * The members field (spec 002 §5): searches users from USER_SEARCH_MIN characters ('No user
 * found' when none), shows those already in the team disabled, offers 'Invite <email>' for a
 * typed valid e-mail that matches no user, and shows the choice as removable chips.
 */
export function MemberPicker({ teamDbId, present = NO_ONE_PRESENT, ...rest }: MemberPickerProps) {
  const term = useSearchTerm();
  const results = useUserSearch(term.debounced, teamDbId, term.searching);
  return (
    <PeopleSearchPicker<UserSearchResult>
      {...rest}
      placeholder={UI.searchMembers}
      term={term}
      results={results}
      disabled={(u) => present.userIds.has(u.user_id) || present.emails.has(u.user_email.toLowerCase())}
      detail={(u) => u.user_email}
      offerInvite={(email, users) => !users.some((u) => u.user_email.toLowerCase() === email)}
      inviteDisabled={(email) => present.emails.has(email)}
    />
  );
}
