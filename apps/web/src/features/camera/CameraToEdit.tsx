import {
  Anchor,
  Button,
  Card,
  Group,
  Menu,
  Modal,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCamera, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import {
  C2E_SD_CARD_TYPE,
  MSG,
  UPLOADER_KEY,
  UPLOADER_PLATFORMS,
  type ProjectInfo,
  type UploaderOs,
  C2E_TEXT,
} from '@rushes/shared';
import { cameraRoutes } from '@rushes/shared/routes/camera';
import { call } from '../../api/client.ts';
import { toast } from '../../ui/toast.ts';
import { canIn } from '../projects/api.ts';
import { helpArticleUrl, useShellConfig } from '../shell/api.ts';
import { useCameraEvents, useCameraModels } from './api.ts';
import { NewSessionForm } from './NewSessionForm.tsx';
import { useCameraParams } from './params.ts';
import { SessionDetails } from './SessionDetails.tsx';
import { SessionsList } from './SessionsList.tsx';

type View = 'landing' | 'new' | 'list';

/** The uploader download (001 §2, 002 §7): the URL per OS opens in a new tab; a failure toasts. */
export function UploaderDownload() {
  const open = async (os: UploaderOs) => {
    // The tab is opened before the call so pop-up blockers let it through.
    const tab = window.open('', '_blank');
    try {
      // the product's own page comes as a path: it opens on this page's address, where the user is logged in
      const url = new URL(
        await call(cameraRoutes.uploaderDownload, { os, key: UPLOADER_KEY }),
        window.location.href,
      ).href;
      if (tab) tab.location.href = url;
      else window.open(url, '_blank', 'noopener');
    } catch {
      tab?.close();
      toast.error(MSG.somethingWentWrong);
    }
  };
  return (
    <Menu position="bottom-start">
      <Menu.Target>
        <Button variant="default" leftSection={<IconDownload size={16} />}>
          {C2E_TEXT.uploaderDownload}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {UPLOADER_PLATFORMS.map((p) => (
          <Menu.Item key={p.os} onClick={() => void open(p.os)}>
            {p.title}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The 'Select camera model' prompt's content: each model's FTP menu path and protocol, SDXC. */
export function CameraModelsModal({
  projectDbId,
  opened,
  onClose,
}: {
  projectDbId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const models = useCameraModels(projectDbId, opened);
  return (
    <Modal opened={opened} onClose={onClose} title={C2E_TEXT.c2eModelsTitle} size="xl">
      <Text size="sm" mb="sm">
        {C2E_TEXT.c2eSdCard}: {C2E_SD_CARD_TYPE}
      </Text>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{C2E_TEXT.c2eCameraLabel}</Table.Th>
            <Table.Th>{C2E_TEXT.c2eMenuPath}</Table.Th>
            <Table.Th>{C2E_TEXT.c2eProtocol}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(models.data?.camera_details ?? []).map((m) => (
            <Table.Tr key={m.slug}>
              <Table.Td>{m.title}</Table.Td>
              <Table.Td>{m.menu_path}</Table.Td>
              <Table.Td>{m.ftps_explicit ? C2E_TEXT.c2ePassiveFtps : C2E_TEXT.c2ePassivePlain}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}

/** The help-article link (001 §2): the Help Center's camera-to-edit article, in a new tab. */
function CameraHelpLink() {
  const config = useShellConfig().data;
  return (
    <Anchor href={helpArticleUrl(config, 'camera-to-edit')} target="_blank" rel="noopener noreferrer">
      {C2E_TEXT.c2eHelp}
    </Anchor>
  );
}

function Landing({
  onStart,
  onList,
  onCreateFolder,
}: {
  onStart: () => void;
  onList: () => void;
  onCreateFolder: () => void;
}) {
  return (
    <Stack align="center" gap="md" py="lg">
      <ThemeIcon size={96} radius="xl" variant="light" aria-hidden>
        <IconCamera size={56} />
      </ThemeIcon>
      <Text fw={500}>{C2E_TEXT.c2eLanding}</Text>
      <CameraHelpLink />
      <Group>
        <Button leftSection={<IconCamera size={16} />} onClick={onStart}>
          {C2E_TEXT.c2eStart}
        </Button>
        <Button variant="default" onClick={onList}>
          {C2E_TEXT.c2eViewActive}
        </Button>
        <Button variant="default" onClick={onCreateFolder}>
          {C2E_TEXT.c2eCreateFolder}
        </Button>
        <UploaderDownload />
      </Group>
    </Stack>
  );
}

/**
 * The camera-to-edit tab of the project page (001 §2): landing, new session, active sessions and,
 * with &s=, one session's details. Without the project's camera-to-edit permission only the
 * no-permission text shows.
 */
export default function CameraToEdit({
  info,
  onCreateFolder,
}: {
  info: ProjectInfo;
  onCreateFolder: () => void;
}) {
  const projectDbId = info.project_db_id;
  const { sessionId, setSession } = useCameraParams();
  const [view, setView] = useState<View>('landing');
  const [help, setHelp] = useState(false);
  useCameraEvents(projectDbId);
  const allowed = canIn(info, 'can_camera_to_edit');

  let body;
  if (!allowed) {
    body = (
      <Stack align="center" gap="xs" py="lg">
        <Text>{C2E_TEXT.c2eNoPermission}</Text>
        <CameraHelpLink />
      </Stack>
    );
  } else if (sessionId && view !== 'new') {
    body = (
      <SessionDetails
        projectDbId={projectDbId}
        sessionId={sessionId}
        onBack={() => {
          setSession(null);
          setView('list');
        }}
      />
    );
  } else if (view === 'new') {
    body = (
      <NewSessionForm
        projectDbId={projectDbId}
        onBack={() => setView('landing')}
        onCreated={(id) => setSession(id)}
        onShowDetails={() => setView('list')}
        onHelp={() => setHelp(true)}
      />
    );
  } else if (view === 'list') {
    body = (
      <SessionsList projectDbId={projectDbId} onNew={() => setView('new')} onOpen={(id) => setSession(id)} />
    );
  } else {
    body = (
      <Landing
        onStart={() => setView('new')}
        onList={() => setView('list')}
        onCreateFolder={onCreateFolder}
      />
    );
  }

  return (
    <Card withBorder padding="lg" aria-label={MSG.c2eTab} component="section">
      <Title order={3} mb="sm">
        {MSG.c2eTab}
      </Title>
      {body}
      <CameraModelsModal projectDbId={projectDbId} opened={help && allowed} onClose={() => setHelp(false)} />
    </Card>
  );
}
