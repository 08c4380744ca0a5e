import { Anchor, Badge, Breadcrumbs, Button, Group, Menu, Stack, Text, Title } from '@mantine/core';
import {
  IconCamera,
  IconChecklist,
  IconFileText,
  IconFolderPlus,
  IconFolderUp,
  IconMessageCircle,
  IconSettings,
  IconTrash,
  IconBucket,
  IconUpload,
  IconUsers,
} from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { MSG, formatNumber, INTEGRATION_TEXT, UI, type ProjectInfo } from '@rushes/shared';
import { CAMERA_TAB } from '../camera/params.ts';
import { AssistantButton } from '../ai/AssistantButton.tsx';
import { CloudButton } from '../cloud/CloudButton.tsx';
import { TransfersMenu } from '../integrations/TransfersMenu.tsx';
import { ShareLinksMenu } from '../shares/links/ShareLinksMenu.tsx';
import { MarkerExportMenu } from '../shares/markers/MarkerExportMenu.tsx';
import { importPath } from '../integrations/paths.ts';
import { LiveButton } from '../live/LiveButton.tsx';
import { useAssetPages } from '../assets/api.ts';
import { useChatCounters } from '../chat/api.ts';
import type { UploadPicker } from '../uploads/useUploadPicker.tsx';
import { canIn } from './api.ts';
import { formatBytes } from './format.ts';
import { projectPath } from './paths.ts';

interface ProjectHeaderProps {
  info: ProjectInfo;
  folderDbId: string | null;
  onCollaborators: () => void;
  onChat: () => void;
  onBrief: () => void;
  onTasks: () => void;
  onCreateFolder: () => void;
  onDeleteProject: () => void;
  /** the Manage Project panel (shown to can_manage_project holders) */
  onManage: () => void;
  /** upload files or a folder into the open folder (null: the caller may not upload) */
  picker: UploadPicker | null;
}

/** The folder trail from the project root to the open folder (the list answer carries it). */
function FolderTrail({ info, folderDbId }: { info: ProjectInfo; folderDbId: string | null }) {
  const list = useAssetPages(info.project_db_id, folderDbId, '');
  const crumbs = list.data?.pages[0]?.breadcrumbs ?? [];
  const atRoot = folderDbId === null;
  return (
    <Breadcrumbs
      component="nav"
      separatorMargin={6}
      aria-label={UI.projectFolders}
      style={{ flexWrap: 'wrap' }}
    >
      {atRoot ? (
        <Title order={1} size="h3" aria-current="location">
          {info.title}
        </Title>
      ) : (
        <Anchor component={Link} to={projectPath(info.project_db_id)} fw={700} size="lg">
          {info.title}
        </Anchor>
      )}
      {crumbs.map((c, i) =>
        i === crumbs.length - 1 ? (
          <Title key={c.ingest_db_id} order={1} size="h3" aria-current="location">
            {c.title}
          </Title>
        ) : (
          <Anchor
            key={c.ingest_db_id}
            component={Link}
            to={projectPath(info.project_db_id, c.ingest_db_id)}
            size="lg"
          >
            {c.title}
          </Anchor>
        ),
      )}
    </Breadcrumbs>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Text size="sm" component="span">
      <Text span c="dimmed" size="sm">
        {label}
      </Text>{' '}
      <Text span fw={500} size="sm">
        {value}
      </Text>
    </Text>
  );
}

/**
 * The project page head (spec 000 §2, 002 §7 project info): the folder trail, Project ID, storage
 * used and total assets, and the project actions the caller's permission codes allow.
 */
export function ProjectHeader({ info, folderDbId, ...on }: ProjectHeaderProps) {
  const unread = useChatCounters(info.project_db_id).data?.unread ?? 0;
  const navigate = useNavigate();
  return (
    <Stack gap={6}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <FolderTrail info={info} folderDbId={folderDbId} />
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconMessageCircle size={16} />}
            rightSection={
              unread > 0 ? (
                <Badge size="sm" circle={unread < 10} color="red" data-testid="chat-unread">
                  <span aria-hidden>{unread}</span>
                </Badge>
              ) : undefined
            }
            aria-label={unread > 0 ? `${UI.chat}, ${UI.unreadMessages(unread)}` : UI.chat}
            onClick={on.onChat}
          >
            {UI.chat}
          </Button>
          <Button variant="default" leftSection={<IconFileText size={16} />} onClick={on.onBrief}>
            {UI.brief}
          </Button>
          <Button variant="default" leftSection={<IconChecklist size={16} />} onClick={on.onTasks}>
            {UI.tasks}
          </Button>
          <Button
            variant="default"
            leftSection={<IconCamera size={16} />}
            component={Link}
            to={{ search: `?tab=${CAMERA_TAB}` }}
          >
            {MSG.c2eTab}
          </Button>
          <Button variant="default" leftSection={<IconUsers size={16} />} onClick={on.onCollaborators}>
            {UI.collaborators}
          </Button>
          <AssistantButton projectDbId={info.project_db_id} />
          <CloudButton projectDbId={info.project_db_id} />
          <TransfersMenu projectDbId={info.project_db_id} />
          <ShareLinksMenu info={info} folderDbId={folderDbId} />
          <MarkerExportMenu projectDbId={info.project_db_id} />
          <LiveButton projectDbId={info.project_db_id} />
          {on.picker && (
            <Menu position="bottom-end" shadow="md">
              <Menu.Target>
                <Button leftSection={<IconUpload size={16} />}>{UI.upload}</Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconUpload size={16} />} onClick={on.picker.chooseFiles}>
                  {UI.uploadFiles}
                </Menu.Item>
                <Menu.Item leftSection={<IconFolderUp size={16} />} onClick={on.picker.chooseFolder}>
                  {UI.uploadFolder}
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconBucket size={16} />}
                  onClick={() => void navigate(importPath(info.project_db_id, 's3'))}
                >
                  {INTEGRATION_TEXT.importFromBucket}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
          {canIn(info, 'can_manage_project') && (
            <Button variant="default" leftSection={<IconSettings size={16} />} onClick={on.onManage}>
              {UI.manageProject}
            </Button>
          )}
          {canIn(info, 'can_upload_assets') && (
            <Button variant="default" leftSection={<IconFolderPlus size={16} />} onClick={on.onCreateFolder}>
              {UI.createFolder}
            </Button>
          )}
          {info.role === 'creator' && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={on.onDeleteProject}
            >
              {UI.deleteProject}
            </Button>
          )}
        </Group>
      </Group>
      <Group gap="lg" role="group" aria-label={UI.projectInfo}>
        <Fact label={UI.projectId} value={info.project_id} />
        <Fact label={UI.storageUsed} value={formatBytes(info.storage_used)} />
        <Fact label={UI.totalAssets} value={formatNumber(info.total_assets)} />
      </Group>
    </Stack>
  );
}
