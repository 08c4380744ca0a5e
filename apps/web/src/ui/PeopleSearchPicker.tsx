import { Combobox, Group, Loader, Pill, PillsInput, Text, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { MSG, UI, USER_SEARCH_MIN, email as emailField } from '@rushes/shared';

/** A chosen person: an existing user, or an e-mail to invite. */
export type PickedPerson = { kind: 'user'; user_id: string; name: string } | { kind: 'email'; email: string };

/** A search result the picker can offer. */
export interface FoundPerson {
  user_id: string;
  name: string;
}

const INVITE = 'invite:';
export const personKey = (p: PickedPerson) => (p.kind === 'user' ? p.user_id : `${INVITE}${p.email}`);
const labelOf = (p: PickedPerson) => (p.kind === 'user' ? p.name : p.email);

/** The typed text and its debounced form; `searching` once it has USER_SEARCH_MIN characters. */
export function useSearchTerm() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  return { search, setSearch, debounced, searching: debounced.length >= USER_SEARCH_MIN };
}
export type SearchTerm = ReturnType<typeof useSearchTerm>;

export interface PeopleSearchPickerProps<U extends FoundPerson> {
  label: string;
  placeholder: string;
  value: readonly PickedPerson[];
  onChange: (value: PickedPerson[]) => void;
  /** The typed text, from useSearchTerm (the caller runs its search on `term.debounced`). */
  term: SearchTerm;
  /** The search's results for `term.debounced`, and whether they are being fetched. */
  results: { data?: readonly U[]; isFetching: boolean };
  /** At most this many (1 replaces the choice on each pick). */
  max?: number;
  /** Results not offered at all (oneself, those already asked). */
  hidden?: (user: U) => boolean;
  /** Results offered but disabled (already in the team). */
  disabled?: (user: U) => boolean;
  /** A second line under a result's name. */
  detail?: (user: U) => ReactNode;
  /** Whether a typed e-mail is offered as 'Invite <email>' (default: always). */
  offerInvite?: (email: string, users: readonly U[]) => boolean;
  /** Whether the 'Invite <email>' option is disabled. */
  inviteDisabled?: (email: string) => boolean;
  error?: string;
  readOnly?: boolean;
}

/**
 * The people field (spec 000 §5, spec 002 §5): searches from USER_SEARCH_MIN typed characters
 * ('No user found' when none), offers 'Invite <email>' for a typed e-mail, and shows the choice as
 * removable chips (Backspace in the empty field removes the last one).
 */
export function PeopleSearchPicker<U extends FoundPerson>({
  label,
  placeholder,
  value,
  onChange,
  term,
  results,
  max = Infinity,
  hidden,
  disabled,
  detail,
  offerInvite,
  inviteDisabled,
  error,
  readOnly = false,
}: PeopleSearchPickerProps<U>) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const { search, setSearch, debounced, searching } = term;

  const typed = emailField().safeParse(search.trim());
  const chosen = new Set(value.map(personKey));
  const users = (searching ? (results.data ?? []) : []).filter((u) => !chosen.has(u.user_id) && !hidden?.(u));
  const invite =
    typed.success && !chosen.has(`${INVITE}${typed.data}`) && (offerInvite?.(typed.data, users) ?? true)
      ? typed.data
      : null;

  const pick = (key: string) => {
    const user = users.find((u) => u.user_id === key);
    const person: PickedPerson | undefined = key.startsWith(INVITE)
      ? { kind: 'email', email: key.slice(INVITE.length) }
      : user && { kind: 'user', user_id: user.user_id, name: user.name };
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
        <PillsInput label={label} error={error} disabled={readOnly} onClick={() => combobox.openDropdown()}>
          <Pill.Group>
            {value.map((p) => (
              <Pill
                key={personKey(p)}
                withRemoveButton={!readOnly}
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
                placeholder={value.length ? undefined : placeholder}
                value={search}
                disabled={readOnly}
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
            <Combobox.Option key={u.user_id} value={u.user_id} disabled={disabled?.(u)}>
              <Text size="sm">{u.name}</Text>
              {detail && (
                <Text size="xs" c="dimmed">
                  {detail(u)}
                </Text>
              )}
            </Combobox.Option>
          ))}
          {invite && (
            <Combobox.Option value={`${INVITE}${invite}`} disabled={inviteDisabled?.(invite)}>
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
