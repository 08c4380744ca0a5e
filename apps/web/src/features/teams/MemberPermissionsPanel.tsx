import { Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { MSG, UI } from '@rushes/shared';
import { usePanels } from '../../app/panels/PanelContext.ts';
import type { PanelBaseProps } from '../../app/panels/registry.ts';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { toast } from '../../ui/toast.ts';
import { useMemberPermissions, useRefreshTeams, useSetMemberPermissions } from './api.ts';
import { PermissionChecklist, selectedIdsOf } from './PermissionChecklist.tsx';

export interface MemberPermissionsPanelProps {
  teamDbId: string;
  teamName: string;
  userDbId: string;
  name: string;
}

/**
 * One member's permissions (spec 002 §2 team member permissions, §4 owner rule): the server's list
 * as checkboxes, 'No permissions found' when empty, Save → 'Permissions updated successfully'.
 */
export default function MemberPermissionsPanel({
  teamDbId,
  teamName,
  userDbId,
  name,
}: MemberPermissionsPanelProps & PanelBaseProps) {
  const panels = usePanels();
  const refresh = useRefreshTeams();
  const permissions = useMemberPermissions(teamDbId, userDbId);
  const [chosen, setChosen] = useState<number[] | null>(null);
  const selected = chosen ?? selectedIdsOf(permissions.data ?? []);

  const save = useSetMemberPermissions({
    onSuccess: (data) => {
      toast.success(data.message || MSG.permissionsUpdated);
      setChosen(null);
      void refresh();
    },
  });

  const back = () => panels.open('teamMembers', { teamDbId, teamName });

  return (
    <Stack gap="md">
      <Button
        variant="subtle"
        leftSection={<IconArrowLeft size={16} />}
        onClick={back}
        style={{ alignSelf: 'flex-start' }}
      >
        {UI.backToMembers}
      </Button>
      <Text fw={600} truncate="end">
        {name}
      </Text>
      {permissions.isPending ? (
        <PageLoader />
      ) : (
        <PermissionChecklist
          label={UI.permissionsOf(name)}
          hideLabel
          permissions={permissions.data ?? []}
          selected={selected}
          onChange={setChosen}
        />
      )}
      {Boolean(permissions.data?.length) && (
        <Group justify="flex-end">
          <Button
            onClick={() => save.mutate({ team_id: teamDbId, user_db_id: userDbId, permissions: selected })}
            loading={save.isPending}
          >
            {UI.save}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
