import { Button, Container, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useCallback, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { MSG, UI, type ProjectInfo } from '@rushes/shared';
import { ApiError } from '../../api/client.ts';
import { usePanels } from '../../app/panels/PanelContext.ts';
import { PATHS } from '../../app/paths.ts';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { AssetWorkspace } from '../assets/AssetWorkspace.tsx';
import { useProjectTaskEvents } from '../tasks/useTaskEvents.ts';
import { useTaskParam } from '../tasks/useTaskParam.ts';
import { CreateFolderModal } from '../assets/CreateFolderModal.tsx';
import { useUploadPicker } from '../uploads/useUploadPicker.tsx';
import { canIn, useProjectInfo } from './api.ts';
import { DeleteProjectModal } from './DeleteProjectModal.tsx';
import { ProjectHeader } from './ProjectHeader.tsx';
import { useProjectRoom } from './useProjectRoom.ts';
import { useSectionParam } from './useSectionParam.ts';
import { isCameraTab } from '../camera/params.ts';

// The camera-to-edit tab (?tab=camera-to-edit) loads with its first use.
const CameraToEdit = lazy(() => import('../camera/CameraToEdit.tsx'));

type Modal = 'createFolder' | 'deleteProject' | null;

function Workspace({ info, folderDbId }: { info: ProjectInfo; folderDbId: string | null }) {
  const panels = usePanels();
  const [modal, setModal] = useState<Modal>(null);
  const close = () => setModal(null);
  const { project_db_id: projectDbId, title } = info;
  const openChat = useCallback(
    () => panels.open('projectChat', { projectDbId, title }),
    [panels, projectDbId, title],
  );
  // ?s=project chat (the spec's deep link) and ?chat=1 (its alias) open the project chat once
  const openLive = useCallback(
    () => panels.open('liveCollaboration', { projectDbId }),
    [panels, projectDbId],
  );
  useSectionParam({ projectChat: openChat, liveCollaboration: openLive });
  const picker = useUploadPicker(info.project_db_id, folderDbId);
  const canUpload = canIn(info, 'can_upload_assets');
  const [params] = useSearchParams();
  const cameraTab = isCameraTab(params.get('tab'));
  return (
    <Stack gap="md">
      <ProjectHeader
        info={info}
        folderDbId={folderDbId}
        onCollaborators={() =>
          panels.open('projectCollaborators', { projectDbId: info.project_db_id, title: info.title })
        }
        onChat={openChat}
        onBrief={() => panels.open('projectBrief', { projectDbId: info.project_db_id })}
        onTasks={() => panels.open('taskList', { projectDbId: info.project_db_id })}
        onCreateFolder={() => setModal('createFolder')}
        onDeleteProject={() => setModal('deleteProject')}
        onManage={() => panels.open('manageProject', { projectDbId: info.project_db_id })}
        picker={canUpload ? picker : null}
      />
      {cameraTab && (
        <Suspense fallback={<PageLoader />}>
          <CameraToEdit info={info} onCreateFolder={() => setModal('createFolder')} />
        </Suspense>
      )}
      <AssetWorkspace
        key={folderDbId ?? 'root'}
        info={info}
        folderDbId={folderDbId}
        picker={canUpload ? picker : null}
        onCreateFolder={() => setModal('createFolder')}
      />
      {canUpload && picker.elements}
      <CreateFolderModal
        opened={modal === 'createFolder'}
        projectDbId={info.project_db_id}
        parentDbId={folderDbId}
        onClose={close}
      />
      <DeleteProjectModal opened={modal === 'deleteProject'} project={info} onClose={close} />
    </Stack>
  );
}

/**
 * The project page, /project/{project_db_id}/{folder_db_id?} (spec 002 §2): the project info, the
 * folder trail and the storyboard; the page sits in the project's realtime room while open.
 */
export default function ProjectPage() {
  const { projectDbId = '', folderDbId } = useParams();
  const info = useProjectInfo(projectDbId);
  useProjectRoom(projectDbId);
  useProjectTaskEvents(projectDbId);
  useTaskParam(projectDbId);

  return (
    <Container fluid px="lg" py="md">
      {info.isPending && <PageLoader />}
      {info.isError && (
        <Stack align="flex-start" gap="sm" py="xl">
          <Text role="alert">
            {info.error instanceof ApiError ? info.error.message : MSG.somethingWentWrong}
          </Text>
          <Button component={Link} to={PATHS.home} variant="default">
            {UI.home}
          </Button>
        </Stack>
      )}
      {info.data && !info.isError && (
        <Workspace key={projectDbId} info={info.data} folderDbId={folderDbId ?? null} />
      )}
    </Container>
  );
}
