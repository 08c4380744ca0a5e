import { ActionIcon, Alert, Button, Checkbox, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconAlertTriangle, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import {
  C2E_DETAILS_DELAY_MS,
  CAMERA_MODELS,
  MSG,
  c2eHintSteps,
  cameraModelBySlug,
  C2E_TEXT,
} from '@rushes/shared';
import { ApiError } from '../../api/client.ts';
import { toast } from '../../ui/toast.ts';
import { cameraKeys, useC2eFolders, useCameraModels, useCreateC2eSession } from './api.ts';

const NONE = '__none__';

/** The four-step hint carousel (001 §2); the last steps name the chosen model's FTP menu. */
function HintCarousel({ model }: { model: string | null }) {
  const steps = c2eHintSteps(cameraModelBySlug(model ?? ''));
  const [i, setI] = useState(0);
  const step = steps[i];
  return (
    <Paper withBorder p="sm" aria-label={C2E_TEXT.c2eSetup}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <ActionIcon
          variant="subtle"
          aria-label={C2E_TEXT.c2ePreviousStep}
          disabled={i === 0}
          onClick={() => setI(i - 1)}
        >
          <IconChevronLeft size={16} />
        </ActionIcon>
        <Stack gap={2} style={{ flex: 1 }}>
          <Text size="sm" fw={600}>
            {i + 1}/{steps.length} · {step.title}
          </Text>
          <Text size="sm">{step.text}</Text>
        </Stack>
        <ActionIcon
          variant="subtle"
          aria-label={C2E_TEXT.c2eNextStep}
          disabled={i === steps.length - 1}
          onClick={() => setI(i + 1)}
        >
          <IconChevronRight size={16} />
        </ActionIcon>
      </Group>
    </Paper>
  );
}

/**
 * New C2E session (001 §2, §4, §5): Camera Model is required ('This field is required', nothing
 * submits while it shows), the destination folder is optional (None: the project root). Create
 * shows 'Creating...'; on success the url gets the session id, and after 1 s the details show.
 */
export function NewSessionForm({
  projectDbId,
  onBack,
  onCreated,
  onShowDetails,
  onHelp,
}: {
  projectDbId: string;
  onBack: () => void;
  onCreated: (id: string) => void;
  onShowDetails: () => void;
  onHelp: () => void;
}) {
  const queryClient = useQueryClient();
  const models = useCameraModels(projectDbId);
  const folders = useC2eFolders(projectDbId);
  const [model, setModel] = useState<string | null>(null);
  const [folder, setFolder] = useState<string>(NONE);
  const [plain, setPlain] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const create = useCreateC2eSession({
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: cameraKeys.sessions(projectDbId) });
      onCreated(answer.data.c2e_session.c2e_session_db_id);
      setWaiting(true);
      timer.current = window.setTimeout(() => {
        onShowDetails();
        toast.success(answer.message || MSG.c2eInitiated);
      }, C2E_DETAILS_DELAY_MS);
    },
    onError: (err) => toast.error(err instanceof ApiError ? err.message : MSG.somethingWentWrong),
  });
  const modelOptions = (models.data?.camera_details ?? CAMERA_MODELS).map((m) => ({
    value: m.slug,
    label: m.title,
  }));
  const folderOptions = [
    { value: NONE, label: C2E_TEXT.c2eNone },
    ...(folders.data?.folders ?? []).map((f) => ({ value: f.folder_db_id, label: f.path })),
  ];
  const chosen = cameraModelBySlug(model ?? '');
  const busy = create.isPending || waiting;

  const submit = () => {
    if (!model) {
      setError(MSG.required);
      return;
    }
    create.mutate({
      project_db_id: projectDbId,
      camera_model: model,
      folder_db_id: folder === NONE ? null : folder,
      allow_plain_ftp: plain,
    });
  };

  return (
    <Stack gap="md" maw={560}>
      <Select
        label={C2E_TEXT.c2eCameraModel}
        placeholder={C2E_TEXT.c2eSelectModel}
        data={modelOptions}
        value={model}
        onChange={(v) => {
          setModel(v);
          setError(null);
          if (v && cameraModelBySlug(v)?.protocol.ftpsExplicit === false) setPlain(true);
        }}
        error={error}
        withAsterisk
        searchable
      />
      <Select
        label={C2E_TEXT.c2eDestination}
        data={folderOptions}
        value={folder}
        onChange={(v) => setFolder(v ?? NONE)}
        allowDeselect={false}
      />
      <Checkbox
        label={C2E_TEXT.c2ePlainFtp}
        checked={plain}
        onChange={(e) => setPlain(e.currentTarget.checked)}
      />
      {plain && (
        <Alert color="yellow" icon={<IconAlertTriangle size={16} />} role="alert">
          {C2E_TEXT.c2ePlainFtpWarning}
        </Alert>
      )}
      {chosen && (
        <Text size="sm" c="dimmed">
          {C2E_TEXT.c2eMenuPath}: {chosen.menuPath}
        </Text>
      )}
      <HintCarousel model={model} />
      <Button variant="subtle" size="compact-sm" onClick={onHelp} w="fit-content">
        {C2E_TEXT.c2eModelsTitle}
      </Button>
      <Group>
        <Button variant="default" onClick={onBack} disabled={busy}>
          {C2E_TEXT.c2eBack}
        </Button>
        <Button onClick={submit} disabled={busy || Boolean(error)}>
          {busy ? C2E_TEXT.c2eCreating : C2E_TEXT.c2eCreate}
        </Button>
      </Group>
    </Stack>
  );
}
