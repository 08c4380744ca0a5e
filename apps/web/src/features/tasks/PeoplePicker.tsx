import { Combobox, Group, Loader, Pill, PillsInput, Text, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { MSG, UI, USER_SEARCH_MIN, email as emailField } from '@rushes/shared';
import { useMemberSearch } from './api.ts';

/** A chosen person: a project member, or an e-mail to invite. */
export type PickedPerson = { kind: 'user'; user_id: string; name: string } | { kind: 'email'; email: string };

export const personKey = (p: PickedPerson) => (p.kind === 'user' ? p.user_id : `invite:${p.email}`);
const labelOf = (p: PickedPerson) => (p.kind === 'user' ? p.name : p.email);

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
export function PeoplePicker({
  projectDbId,
  label,
  value,
  onChange,
  max = Infinity,
  excludeUserIds,
  error,
  disabled = false,
}: PeoplePickerProps) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const searching = debounced.length >= USER_SEARCH_MIN;
  const results = useMemberSearch(projectDbId, debounced, searching);

  const typed = emailField().safeParse(search.trim());
  const chosen = new Set(value.map(personKey));
  const users = (searching ? (results.data ?? []) : []).filter(
    (u) => !chosen.has(u.user_id) && !excludeUserIds?.has(u.user_id),
  );
  const invite = typed.success && !chosen.has(`invite:${typed.data}`) ? typed.data : null;

  const pick = (key: string) => {
    const person: PickedPerson | undefined = key.startsWith('invite:')
      ? { kind: 'email', email: key.slice('invite:'.length) }
      : (() => {
          const user = users.find((u) => u.user_id === key);
          return user ? { kind: 'user' as const, user_id: user.user_id, name: user.name } : undefined;
        })();
    if (person) onChange(max === 1 ? [person] : [...value, person].slice(0, max));
    setSearch('');
    combobox.closeDropdown();
  };

  const removeOne = (key: string) => onChange(value.filter((p) => personKey(p) !== key));
  const showDropdown = search.trim().length >= USER_SEARCH_MIN;
  const loading = results.isFetching || (searching && debounced !== search.trim());

  return (
    <Combobox store={combobox} onOptionSubmit={pick} withinPortal={false}>
      <Combobox.DropdownTarget>
        <PillsInput label={label} error={error} disabled={disabled} onClick={() => combobox.openDropdown()}>
          <Pill.Group>
            {value.map((p) => (
              <Pill
                key={personKey(p)}
                withRemoveButton={!disabled}
                onRemove={() => removeOne(personKey(p))}
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
                placeholder={value.length ? undefined : UI.searchPeople}
                value={search}
                disabled={disabled}
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
                    removeOne(personKey(value[value.length - 1]));
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
            <Combobox.Option key={u.user_id} value={u.user_id}>
              <Text size="sm">{u.name}</Text>
            </Combobox.Option>
          ))}
          {invite && (
            <Combobox.Option value={`invite:${invite}`}>
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
