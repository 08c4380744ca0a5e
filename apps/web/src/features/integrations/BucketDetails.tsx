import { Button, Group, List, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { INTEGRATION_TEXT as T, type BucketService, type ConnectionTest } from '@rushes/shared';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { toast } from '../../ui/toast.ts';
import { PolicyViewer } from './PolicyViewer.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import {
  integrationKeys,
  useBucketIntegration,
  useDeleteContido,
  useDeleteS3,
  useTestContido,
  useTestS3,
} from './api.ts';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" w={140}>
        {label}
      </Text>
      <Text size="sm" style={{ wordBreak: 'break-all' }}>
        {value || '—'}
      </Text>
    </Group>
  );
}

/**
 * An integration's details (spec 002 §2, §9): buckets, folders, date folders, status, policy, and
 * for the team admin (`canManage`) Test connection and delete.
 */
export function BucketDetails({
  service,
  id,
  canManage,
  onDeleted,
}: {
  service: BucketService;
  id: string;
  canManage: boolean;
  onDeleted: () => void;
}) {
  const queryClient = useQueryClient();
  const detail = useBucketIntegration(service, id);
  const [checks, setChecks] = useState<ConnectionTest['checks'] | null>(null);
  const [confirm, setConfirm] = useState(false);
  const onTested = (out: ConnectionTest) => {
    setChecks(out.checks);
    queryClient.setQueryData(integrationKeys.detail(service, id), out.integration);
    void queryClient.invalidateQueries({ queryKey: integrationKeys.all });
  };
  const testS3 = useTestS3({ onSuccess: onTested });
  const testContido = useTestContido({ onSuccess: onTested });
  const onRemoved = (d: { message: string }) => {
    toast.success(d.message);
    void queryClient.invalidateQueries({ queryKey: integrationKeys.all });
    onDeleted();
  };
  const delS3 = useDeleteS3({ onSuccess: onRemoved });
  const delContido = useDeleteContido({ onSuccess: onRemoved });
  const d = detail.data;
  if (!d) return <Text c="dimmed">{detail.isPending ? T.loading : T.noIntegrationFound}</Text>;
  const testing = testS3.isPending || testContido.isPending;
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Text fw={600}>{T.status}</Text>
        <StatusBadge status={d.status} />
      </Group>
      {d.endpoint && <Row label={T.endpoint} value={d.endpoint} />}
      <Row label={T.region} value={`${d.aws_config.region_name} (${d.aws_config.region})`} />
      <Row label={T.inputBucket} value={d.input_folder_path} />
      <Row label={T.outputBucket} value={d.output_folder_path} />
      <Row label={T.createDateFolders} value={d.create_date_folders ? T.yes : T.no} />
      {d.auth_mode === 'keys' && (
        <Row label={T.accessKeyId} value={d.access_key_hint ? `••••${d.access_key_hint}` : ''} />
      )}
      {d.role_arn && <Row label={T.roleArn} value={d.role_arn} />}
      {d.status_detail && (
        <Text size="sm" c="red">
          {d.status_detail}
        </Text>
      )}
      {canManage && (
        <Group>
          <Button
            loading={testing}
            onClick={() =>
              service === 's3'
                ? testS3.mutate({ s3_integration_db_id: id })
                : testContido.mutate({ integration_db_id: id })
            }
          >
            {T.testConnection}
          </Button>
          <Button color="red" variant="light" onClick={() => setConfirm(true)}>
            {T.delete}
          </Button>
        </Group>
      )}
      {checks && (
        <List size="sm" aria-label={T.testConnection}>
          {checks.map((c, i) => (
            <List.Item key={i} c={c.ok ? 'green' : 'red'}>
              {`${c.name} ${c.bucket}: ${c.message}`}
            </List.Item>
          ))}
        </List>
      )}
      {d.bucket_policy && <PolicyViewer label={T.bucketPolicy} json={d.bucket_policy} />}
      <ConfirmDialog
        opened={confirm}
        title={T.delete}
        message={T.deleteConfirm}
        confirmLabel={T.delete}
        loading={delS3.isPending || delContido.isPending}
        onConfirm={() =>
          service === 's3'
            ? delS3.mutate({ s3_integration_db_id: id })
            : delContido.mutate({ integration_db_id: id })
        }
        onClose={() => setConfirm(false)}
      />
    </Stack>
  );
}
