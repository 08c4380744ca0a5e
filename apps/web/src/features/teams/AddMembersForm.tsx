import { Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { MSG, UI, addMembersBody } from '@rushes/shared';
import { showApiError } from '../../app/apiErrors.ts';
import { toast } from '../../ui/toast.ts';
import { type MembersDetail, useAddMembers, usePermissionCatalogue, useRefreshTeams } from './api.ts';
import { errorsByField, serverErrorsByField } from './formErrors.ts';
import { MemberPicker, type PickedMember, splitPicked } from './MemberPicker.tsx';
import { PermissionChecklist, selectedIdsOf } from './PermissionChecklist.tsx';
import { presentMembersOf } from './presentMembers.ts';

/**
 * Adding members from the team members panel: the same picker as team creation, a permission
 * set for them, then 'Members added successfully'. Update (Add) shows once someone is chosen.
 */
export function AddMembersForm({ teamDbId, detail }: { teamDbId: string; detail: MembersDetail }) {
  const refresh = useRefreshTeams();
  const catalogue = usePermissionCatalogue();
  const [picked, setPicked] = useState<PickedMember[]>([]);
  const [permissionIds, setPermissionIds] = useState<number[] | null>(null);
  const [error, setError] = useState<string | undefined>();
  const selected = permissionIds ?? selectedIdsOf(catalogue.data ?? []);

  const add = useAddMembers({
    meta: { silent: true },
    onSuccess: (data) => {
      toast.success(data.message || MSG.membersAdded);
      setPicked([]);
      setPermissionIds(null);
      void refresh();
    },
    onError: (err) => {
      const fieldErrors = serverErrorsByField(err);
      if (fieldErrors?.members) setError(fieldErrors.members);
      else showApiError(err);
    },
  });

  const submit = () => {
    const parsed = addMembersBody.safeParse({
      team_id: teamDbId,
      ...splitPicked(picked),
      permissions: selected,
    });
    if (!parsed.success) {
      setError(errorsByField(parsed.error).members ?? MSG.required);
      return;
    }
    add.mutate(parsed.data);
  };

  return (
    <Stack gap="sm">
      <MemberPicker
        label={UI.addMembers}
        value={picked}
        teamDbId={teamDbId}
        present={presentMembersOf(detail)}
        error={error}
        onChange={(value) => {
          setPicked(value);
          setError(undefined);
        }}
      />
      {picked.length > 0 && (
        <>
          <PermissionChecklist
            label={UI.newMemberPermissions}
            permissions={catalogue.data ?? []}
            selected={selected}
            onChange={setPermissionIds}
          />
          <Group justify="flex-end">
            <Button onClick={submit} loading={add.isPending}>
              {UI.add}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
