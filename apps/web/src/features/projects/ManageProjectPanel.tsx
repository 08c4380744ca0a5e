import { Button, Divider, Group, Stack, Text } from '@mantine/core';
import { IconTrash, IconUsers } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { formatDate, formatNumber, MSG, UI, type ProjectMembers } from '@rushes/shared';
import { usePanels } from '../../app/panels/PanelContext.ts';
import type { PanelBaseProps } from '../../app/panels/registry.ts';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { canIn, useProjectInfo, useProjectMembers } from './api.ts';
import { DeleteProjectModal } from './DeleteProjectModal.tsx';
import { formatBytes } from './format.ts';
import { ProjectNameForm } from './ProjectNameForm.tsx';
import { CopyIconButton } from '../../ui/CopyIconButton.tsx';

export interface ManageProjectPanelProps {
  projectDbId: string;
}

/** 'Copied' shows 2 s (DESIGN §10). */

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" role="group" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {children}
    </Group>
  );
}

const countMembers = (m: ProjectMembers) => {
  const groups = [m.creator, m.admins, m.collaborators];
  return {
    members: groups.reduce((n, g) => n + g.members.length, 0),
    invited: groups.reduce((n, g) => n + g.invited.length, 0),
  };
};

/**
 * Manage Project (spec 002 §2 side panels, §5 project name): the name (disabled until Edit, for
 * can_manage_project), Project ID with a copy button, storage used, total assets, created on, the
 * members in short with a way to the collaborators panel, and Delete Project for the creator.
 * The figures are the project info query, which assets_changed and project_update refresh.
 */
export default function ManageProjectPanel({ projectDbId, close }: ManageProjectPanelProps & PanelBaseProps) {
  const panels = usePanels();
  const info = useProjectInfo(projectDbId);
  const members = useProjectMembers(projectDbId);
  const [confirming, setConfirming] = useState(false);

  if (info.isPending) return <PageLoader />;
  if (!info.data) {
    return (
      <Text c="red" size="sm" role="alert">
        {MSG.somethingWentWrong}
      </Text>
    );
  }
  const p = info.data;
  const counts = members.data ? countMembers(members.data) : null;

  return (
    <Stack gap="md">
      <ProjectNameForm info={p} canEdit={canIn(p, 'can_manage_project')} />
      <Divider />
      <Stack gap="xs">
        <Fact label={UI.projectId}>
          <Group gap={4} wrap="nowrap">
            <Text size="sm" fw={500} ff="monospace">
              {p.project_id}
            </Text>
            <CopyIconButton value={p.project_id} label={UI.copyProjectId} />
          </Group>
        </Fact>
        <Fact label={UI.storageUsed}>
          <Text size="sm" fw={500}>
            {formatBytes(p.storage_used)}
          </Text>
        </Fact>
        <Fact label={UI.totalAssets}>
          <Text size="sm" fw={500}>
            {formatNumber(p.total_assets)}
          </Text>
        </Fact>
        <Fact label={UI.columnCreatedOn}>
          <Text size="sm" fw={500}>
            {formatDate(p.created_on)}
          </Text>
        </Fact>
        <Fact label={UI.members}>
          <Text size="sm" fw={500}>
            {counts ? UI.projectMembersSummary(counts.members, counts.invited) : '…'}
          </Text>
        </Fact>
      </Stack>
      <Button
        variant="default"
        leftSection={<IconUsers size={16} />}
        onClick={() => panels.open('projectCollaborators', { projectDbId, title: p.title })}
        style={{ alignSelf: 'flex-start' }}
      >
        {UI.collaborators}
      </Button>
      {p.role === 'creator' && (
        <>
          <Divider />
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} />}
            onClick={() => setConfirming(true)}
            style={{ alignSelf: 'flex-start' }}
          >
            {UI.deleteProject}
          </Button>
          <DeleteProjectModal
            opened={confirming}
            project={p}
            onClose={() => setConfirming(false)}
            onDeleted={close}
          />
        </>
      )}
    </Stack>
  );
}
