import { Combobox, Group, Loader, Pill, PillsInput, Text, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { MSG, UI, USER_SEARCH_MIN, email as emailField } from '@rushes/shared';
import { useUserSearch } from './api.ts';

/** A chosen member: an existing user, or an e-mail to invite. */
export type PickedMember =
  { kind: 'user'; user_id: string; name: string; email: string } | { kind: 'email'; email: string };

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

const keyOf = (p: PickedMember) => (p.kind === 'user' ? p.user_id : `invite:${p.email}`);
const labelOf = (p: PickedMember) => (p.kind === 'user' ? p.name : p.email);

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
export function MemberPicker({
  label,
  value,
  onChange,
  teamDbId,
  present = NO_ONE_PRESENT,
  error,
}: MemberPickerProps) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const searching = debounced.length >= USER_SEARCH_MIN;
  const results = useUserSearch(debounced, teamDbId, searching);

  const typedEmail = emailField().safeParse(search.trim());
  const chosen = new Set(value.map(keyOf));
  const users = (searching ? (results.data ?? []) : []).filter((u) => !chosen.has(u.user_id));
  const isPresent = (userId: string, mail: string) =>
    present.userIds.has(userId) || present.emails.has(mail.toLowerCase());
  const invite =
    typedEmail.success &&
    !chosen.has(`invite:${typedEmail.data}`) &&
    !users.some((u) => u.user_email.toLowerCase() === typedEmail.data)
      ? typedEmail.data
      : null;

  const pick = (key: string) => {
    if (key.startsWith('invite:')) {
      onChange([...value, { kind: 'email', email: key.slice('invite:'.length) }]);
    } else {
      const user = users.find((u) => u.user_id === key);
      if (user)
        onChange([
          ...value,
          { kind: 'user', user_id: user.user_id, name: user.name, email: user.user_email },
        ]);
    }
    setSearch('');
    combobox.closeDropdown();
  };

  const removeOne = (key: string) => onChange(value.filter((p) => keyOf(p) !== key));
  const showDropdown = search.trim().length >= USER_SEARCH_MIN;
  const loading = results.isFetching || (searching && debounced !== search.trim());

  return (
    <Combobox store={combobox} onOptionSubmit={pick} withinPortal={false}>
      <Combobox.DropdownTarget>
        <PillsInput label={label} error={error} onClick={() => combobox.openDropdown()}>
          <Pill.Group>
            {value.map((p) => (
              <Pill
                key={keyOf(p)}
                withRemoveButton
                onRemove={() => removeOne(keyOf(p))}
                removeButtonProps={{
                  'aria-label': UI.removeSelected(labelOf(p)),
                  'aria-hidden': false,
                  tabIndex: 0,
                }}
              >
                {labelOf(p)}
              </Pill>
            ))}
            <Combobox.EventsTarget>
              <PillsInput.Field
                aria-label={label}
                placeholder={value.length ? undefined : UI.searchMembers}
                value={search}
                onFocus={() => combobox.openDropdown()}
                onBlur={() => combobox.closeDropdown()}
                onChange={(event) => {
                  combobox.updateSelectedOptionIndex();
                  combobox.openDropdown();
                  setSearch(event.currentTarget.value);
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Backspace' && search.length === 0 && value.length) {
                    event.preventDefault();
                    removeOne(keyOf(value[value.length - 1]));
                  }
                }}
              />
            </Combobox.EventsTarget>
          </Pill.Group>
        </PillsInput>
      </Combobox.DropdownTarget>

      <Combobox.Dropdown hidden={!showDropdown}>
        <Combobox.Options>
          {users.map((u) => (
            <Combobox.Option key={u.user_id} value={u.user_id} disabled={isPresent(u.user_id, u.user_email)}>
              <Text size="sm">{u.name}</Text>
              <Text size="xs" c="dimmed">
                {u.user_email}
              </Text>
            </Combobox.Option>
          ))}
          {invite && (
            <Combobox.Option value={`invite:${invite}`} disabled={present.emails.has(invite)}>
              <Text size="sm">{UI.inviteEmail(invite)}</Text>
            </Combobox.Option>
          )}
          {loading && users.length === 0 && !invite && (
            <Group justify="center" p="xs">
              <Loader size="xs" />
            </Group>
          )}
          {!loading && users.length === 0 && !invite && <Combobox.Empty>{MSG.noUserFound}</Combobox.Empty>}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
