import { Button, Group, Select, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MSG, UI, addCollaboratorsBody, type MemberRole, type ProjectMembers } from '@rushes/shared';
import { fieldErrorsOf } from '../../api/client.ts';
import { showApiError } from '../../app/apiErrors.ts';
import { toast } from '../../ui/toast.ts';
import { MemberPicker, type PickedMember, type PresentMembers } from '../teams/MemberPicker.tsx';
import { projectKeys, useAddCollaborators } from './api.ts';

/** Everyone already in the project (members and invited e-mails): shown disabled in the picker. */
function presentOf(members: ProjectMembers): PresentMembers {
  const groups = [members.creator, members.admins, members.collaborators];
  return {
    userIds: new Set(groups.flatMap((g) => g.members.map((m) => m.user_id))),
    emails: new Set(groups.flatMap((g) => g.invited.map((e) => e.toLowerCase()))),
  };
}

interface AddCollaboratorsFormProps {
  projectDbId: string;
  members: ProjectMembers;
  /** Collaborators add collaborators only; the creator and admins may add admins too. */
  canAddAdmins: boolean;
}

/**
 * Adding people to a project (spec 002 §5, §6): search users from USER_SEARCH_MIN characters ('No
 * user found'), or type an e-mail to invite (a mailed invitation; joining through it adds them),
 * choose the role, then Add.
 */
export function AddCollaboratorsForm({ projectDbId, members, canAddAdmins }: AddCollaboratorsFormProps) {
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<PickedMember[]>([]);
  const [role, setRole] = useState<MemberRole>('collaborator');
  const [error, setError] = useState<string | undefined>();

  const add = useAddCollaborators({
    meta: { silent: true },
    onSuccess: (data) => {
      toast.success(data.message || MSG.collaboratorsUpdated);
      setPicked([]);
      void queryClient.invalidateQueries({ queryKey: projectKeys.members(projectDbId) });
    },
    onError: (err) => {
      const fields = fieldErrorsOf(err);
      const message = fields && Object.values(fields)[0];
      if (message) setError(message);
      else showApiError(err);
    },
  });

  const submit = () => {
    const parsed = addCollaboratorsBody.safeParse({
      project_db_id: projectDbId,
      collabrated_with: picked.flatMap((p) => (p.kind === 'user' ? [p.user_id] : [])),
      invited_collaborators: picked.flatMap((p) => (p.kind === 'email' ? [p.email] : [])),
      role,
    });
    if (!parsed.success) setError(parsed.error.issues[0]?.message ?? MSG.required);
    else add.mutate(parsed.data);
  };

  return (
    <Stack gap="sm">
      <MemberPicker
        label={UI.addCollaborators}
        value={picked}
        present={presentOf(members)}
        error={error}
        onChange={(value) => {
          setPicked(value);
          setError(undefined);
        }}
      />
      {picked.length > 0 && (
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <Select
            label={UI.role}
            value={role}
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
            data={[
              { value: 'collaborator', label: UI.roleCollaborator },
              ...(canAddAdmins ? [{ value: 'admin', label: UI.roleAdmin }] : []),
            ]}
            onChange={(value) => value && setRole(value as MemberRole)}
            style={{ flex: 1 }}
          />
          <Button onClick={submit} loading={add.isPending}>
            {UI.add}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
