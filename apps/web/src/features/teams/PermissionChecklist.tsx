import { Checkbox, Divider, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { MSG, OWNER_PERMISSION, type Permission } from '@rushes/shared';

interface PermissionChecklistProps {
  label: string;
  permissions: readonly Permission[];
  /** Selected permission_db_ids. */
  selected: readonly number[];
  onChange: (ids: number[]) => void;
  disabled?: boolean;
  /** The label only for assistive technology (the panel already names whose permissions these are). */
  hideLabel?: boolean;
}

/** The ids a member holds from the server's list (is_selected). */
export const selectedIdsOf = (permissions: readonly Permission[]) =>
  permissions.filter((p) => p.is_selected).map((p) => p.permission_db_id);

/**
 * The permission checkboxes with the owner rule (spec 002 §4 Team owner permission): the
 * added_as_team_owner entry stays at the top as a toggle; while it is on, every other permission
 * is checked and disabled; turning it off enables them again with the choice made before.
 */
export function PermissionChecklist({
  label,
  permissions,
  selected,
  onChange,
  disabled,
  hideLabel,
}: PermissionChecklistProps) {
  /** The selection before the owner entry was ticked, restored when it is unticked. */
  const [beforeOwner, setBeforeOwner] = useState<number[] | null>(null);
  const owner = permissions.find((p) => p.code === OWNER_PERMISSION);
  const others = permissions.filter((p) => p.code !== OWNER_PERMISSION);
  const ownerOn = owner ? selected.includes(owner.permission_db_id) : false;

  if (permissions.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {MSG.noPermissionsFound}
      </Text>
    );
  }

  const toggleOwner = (on: boolean) => {
    if (!owner) return;
    if (on) {
      setBeforeOwner([...selected]);
      onChange(
        permissions
          .filter((p) => !p.is_disabled || selected.includes(p.permission_db_id))
          .map((p) => p.permission_db_id),
      );
    } else {
      const restored = beforeOwner ?? selected;
      setBeforeOwner(null);
      onChange(restored.filter((id) => id !== owner.permission_db_id));
    }
  };

  const toggle = (id: number, on: boolean) =>
    onChange(on ? [...selected, id] : selected.filter((value) => value !== id));

  return (
    <Stack gap="xs" role="group" aria-label={label}>
      {!hideLabel && (
        <Text size="sm" fw={500}>
          {label}
        </Text>
      )}
      {owner && (
        <>
          <Checkbox
            label={owner.title}
            checked={ownerOn}
            disabled={disabled || owner.is_disabled}
            onChange={(event) => toggleOwner(event.currentTarget.checked)}
          />
          <Divider />
        </>
      )}
      {others.map((p) => (
        <Checkbox
          key={p.permission_db_id}
          label={p.title}
          checked={ownerOn || selected.includes(p.permission_db_id)}
          disabled={disabled || ownerOn || p.is_disabled}
          onChange={(event) => toggle(p.permission_db_id, event.currentTarget.checked)}
        />
      ))}
    </Stack>
  );
}
