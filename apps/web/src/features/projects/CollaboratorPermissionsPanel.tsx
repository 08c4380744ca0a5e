import { Button, Checkbox, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  MSG,
  PROJECT_PERMISSIONS,
  UI,
  projectPermissionView,
  toggleProjectPermission,
  type Permission,
} from '@rushes/shared';
import { usePanels } from '../../app/panels/PanelContext.ts';
import type { PanelBaseProps } from '../../app/panels/registry.ts';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { toast } from '../../ui/toast.ts';
import { projectKeys, useCollaboratorPermissions, useSetCollaboratorPermissions } from './api.ts';
import { BadgeForm } from './BadgeForm.tsx';

export interface CollaboratorPermissionsPanelProps {
  projectDbId: string;
  /** The project's title, for the way back to its collaborators. */
  title: string;
  userDbId: string;
  name: string;
}

const codesOf = (ids: readonly number[]) =>
  PROJECT_PERMISSIONS.filter((p) => ids.includes(p.id)).map((p) => p.code);

function PermissionToggles({
  projectDbId,
  userDbId,
  permissions,
}: {
  projectDbId: string;
  userDbId: string;
  permissions: Permission[];
}) {
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState(() =>
    permissions.filter((p) => p.is_selected).map((p) => p.permission_db_id),
  );
  // the creator's list is locked (every box disabled by the server); else the share rule applies live
  const allLocked = permissions.every((p) => p.is_disabled);
  const view = projectPermissionView(codesOf(selected), allLocked);

  const save = useSetCollaboratorPermissions({
    onSuccess: (data) => {
      toast.success(data.message || MSG.permissionsUpdated);
      void queryClient.invalidateQueries({ queryKey: projectKeys.permissions(projectDbId, userDbId) });
    },
  });

  return (
    <Stack gap="xs" role="group" aria-label={UI.collaboratorPermissionsTitle}>
      {view.map((p) => (
        <Checkbox
          key={p.permission_db_id}
          label={p.title}
          checked={p.is_selected}
          disabled={p.is_disabled}
          onChange={() => setSelected((ids) => toggleProjectPermission(ids, p.permission_db_id))}
        />
      ))}
      {!allLocked && (
        <Group justify="flex-end">
          <Button
            onClick={() =>
              save.mutate({ project_db_id: projectDbId, user_db_id: userDbId, permissions: selected })
            }
            loading={save.isPending}
          >
            {UI.save}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * One collaborator's permissions (spec 000 §4, 002 §6): toggles by code — turning on
 * share_to_download_all_assets forces download_all_assets on and disables it; turning it off
 * enables it again — then Save ('Permissions updated successfully'); and the role badge.
 */
export default function CollaboratorPermissionsPanel({
  projectDbId,
  title,
  userDbId,
  name,
}: CollaboratorPermissionsPanelProps & PanelBaseProps) {
  const panels = usePanels();
  const permissions = useCollaboratorPermissions(projectDbId, userDbId);
  return (
    <Stack gap="lg">
      <Button
        variant="subtle"
        leftSection={<IconArrowLeft size={16} />}
        style={{ alignSelf: 'flex-start' }}
        onClick={() => panels.open('projectCollaborators', { projectDbId, title })}
      >
        {UI.backToCollaborators}
      </Button>
      <Title order={3} size="h5">
        {UI.permissionsOf(name)}
      </Title>
      {permissions.isPending && <PageLoader />}
      {permissions.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          {MSG.noPermissionsFound}
        </Text>
      )}
      {permissions.data && permissions.data.length > 0 && (
        <PermissionToggles projectDbId={projectDbId} userDbId={userDbId} permissions={permissions.data} />
      )}
      <Divider />
      <BadgeForm projectDbId={projectDbId} userDbId={userDbId} />
    </Stack>
  );
}
