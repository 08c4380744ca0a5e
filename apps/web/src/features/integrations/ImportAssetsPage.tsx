import {
  Anchor,
  Breadcrumbs,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconFolder } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { INTEGRATION_TEXT as T, type BucketService } from '@rushes/shared';
import { toast } from '../../ui/toast.ts';
import { useProjectInfo } from '../projects/api.ts';
import { formatBytes } from '../projects/format.ts';
import { projectPath } from '../projects/paths.ts';
import { useBucketFolder, useBucketIntegrations, useImportContido, useImportS3 } from './api.ts';
import { transfersPath } from './paths.ts';

/**
 * /import-assets/{project_db_id}/{service_name}/{bucket_name?}/{integration_db_id?} (spec 002 §2):
 * browse the input bucket of an integration (folders 500 per page), tick files, import them into
 * the project; the import runs as a transfer, followed on the transfers page.
 */
export default function ImportAssetsPage() {
  const params = useParams();
  const projectDbId = params.projectDbId ?? '';
  const service: BucketService = params.service === 'contido' ? 'contido' : 's3';
  const navigate = useNavigate();
  const info = useProjectInfo(projectDbId);
  const integrations = useBucketIntegrations(service, info.data?.team_db_id ?? null);
  const inputs = (integrations.data ?? []).filter((i) => i.input_bucket);
  const [chosen, setChosen] = useState<string | null>(params.integrationDbId ?? null);
  const integration =
    inputs.find((i) => i.integration_db_id === chosen) ?? (inputs.length === 1 ? inputs[0] : null);
  const bucket = integration?.input_bucket ?? params.bucketName ?? '';
  const [path, setPath] = useState('');
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [target, setTarget] = useState('/');
  const folder = useBucketFolder(service, integration?.integration_db_id ?? '', bucket, path);
  const onStarted = (d: { message: string }) => {
    toast.success(d.message);
    void navigate(transfersPath(projectDbId, service));
  };
  const viaS3 = useImportS3({ onSuccess: onStarted });
  const viaContido = useImportContido({ onSuccess: onStarted });
  const segments = path.split('/').filter(Boolean);
  const toggle = (key: string) =>
    setPicked((old) => {
      const next = new Set(old);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const submit = () => {
    if (!integration || picked.size === 0) return;
    const body = {
      project_db_id: projectDbId,
      integration_db_id: integration.integration_db_id,
      bucket,
      keys: [...picked],
      folder_path: target || '/',
    };
    if (service === 's3') viaS3.mutate(body);
    else viaContido.mutate(body);
  };
  return (
    <Stack p="md" gap="md" maw={900}>
      <Group justify="space-between">
        <Title order={1} size="h3">
          {T.importFromBucket}
        </Title>
        {info.data && (
          <Anchor component={Link} to={projectPath(projectDbId)}>
            {info.data.title}
          </Anchor>
        )}
      </Group>
      {!integrations.isPending && inputs.length === 0 ? (
        <Text c="dimmed">{T.noIntegrationFound}</Text>
      ) : (
        <Select
          label={T.chooseIntegration}
          data={inputs.map((i) => ({ value: i.integration_db_id, label: i.input_folder_path }))}
          value={integration?.integration_db_id ?? null}
          onChange={(v) => {
            setChosen(v);
            setPath('');
            setPicked(new Set());
          }}
        />
      )}
      {integration && (
        <Paper withBorder p="sm" radius="md">
          <Breadcrumbs mb="xs">
            <Anchor component="button" type="button" onClick={() => setPath('')}>
              {integration.input_folder_path}
            </Anchor>
            {segments.map((s, i) => (
              <Anchor
                component="button"
                type="button"
                key={i}
                onClick={() => setPath(segments.slice(0, i + 1).join('/'))}
              >
                {s}
              </Anchor>
            ))}
          </Breadcrumbs>
          <Stack gap={4} aria-label={T.folder}>
            {(folder.data?.folders ?? []).map((f) => (
              <UnstyledButton key={f.value} onClick={() => setPath(f.value)} aria-label={f.label}>
                <Group gap="xs">
                  <IconFolder size={16} />
                  <Text size="sm">{f.label}</Text>
                </Group>
              </UnstyledButton>
            ))}
            {(folder.data?.files ?? []).map((f) => (
              <Checkbox
                key={f.key}
                label={`${f.name} (${formatBytes(f.size)})`}
                checked={picked.has(f.key)}
                onChange={() => toggle(f.key)}
              />
            ))}
            {folder.data && folder.data.folders.length === 0 && folder.data.files.length === 0 && (
              <Text size="sm" c="dimmed">
                {T.noFiles}
              </Text>
            )}
          </Stack>
        </Paper>
      )}
      <TextInput
        label={T.destinationFolder}
        value={target}
        onChange={(e) => setTarget(e.currentTarget.value)}
      />
      <Button
        w="fit-content"
        disabled={!integration || picked.size === 0}
        loading={viaS3.isPending || viaContido.isPending}
        onClick={submit}
      >
        {`${T.importSelected} (${picked.size})`}
      </Button>
    </Stack>
  );
}
