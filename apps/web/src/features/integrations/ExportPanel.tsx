import { Button, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  INTEGRATION_TEXT as T,
  EXPORT_NOTIFICATIONS_REFETCH_MS,
  isValidFolderPath,
  utcDateFolder,
  type BucketIntegration,
} from '@rushes/shared';
import type { PanelBaseProps } from '../../app/panels/registry.ts';
import { toast } from '../../ui/toast.ts';
import { notificationKeys } from '../notifications/api.ts';
import { useBucketIntegrations, useExportContido, useExportS3 } from './api.ts';

export interface ExportPanelProps {
  projectDbId: string;
  teamDbId: string;
  assets: { ingest_db_id: string; title: string; is_folder: boolean }[];
  onExported?: () => void;
}

/**
 * Export to bucket (spec 002 §2, §4, §5): pick an integration with an output bucket and a folder;
 * Export stays disabled without a bucket. With create_date_folders the files land in a dd-mm-yyyy
 * (UTC) folder. After success the notification list is refetched after 1 second.
 */
export default function ExportPanel({
  projectDbId,
  teamDbId,
  assets,
  onExported,
  close,
}: ExportPanelProps & PanelBaseProps) {
  const queryClient = useQueryClient();
  const s3 = useBucketIntegrations('s3', teamDbId);
  const contido = useBucketIntegrations('contido', teamDbId);
  const options: BucketIntegration[] = [...(s3.data ?? []), ...(contido.data ?? [])].filter(
    (i) => i.output_bucket,
  );
  const [chosen, setChosen] = useState<string | null>(null);
  const [folder, setFolder] = useState('');
  const integration = options.find((o) => o.integration_db_id === chosen) ?? null;
  const onDone = (d: { message: string }) => {
    toast.success(d.message);
    onExported?.();
    close();
    window.setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
      EXPORT_NOTIFICATIONS_REFETCH_MS,
    );
  };
  const viaS3 = useExportS3({ onSuccess: onDone });
  const viaContido = useExportContido({ onSuccess: onDone });
  const folderError = folder && !isValidFolderPath(folder) ? T.invalidFolderPath : undefined;
  const submit = () => {
    if (!integration?.output_bucket || folderError) return;
    const body = {
      project_db_id: projectDbId,
      integration_db_id: integration.integration_db_id,
      ingest_db_ids: assets.filter((a) => !a.is_folder).map((a) => a.ingest_db_id),
      folders: assets.filter((a) => a.is_folder).map((a) => a.ingest_db_id),
      destination_bucket: integration.output_bucket,
      destination_folder: folder,
    };
    if (integration.service === 's3') viaS3.mutate(body);
    else viaContido.mutate(body);
  };
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {assets.map((a) => a.title).join(', ')}
      </Text>
      {options.length === 0 && !s3.isPending && <Text c="dimmed">{T.noIntegrationFound}</Text>}
      <Select
        label={T.chooseIntegration}
        data={options.map((o) => ({
          value: o.integration_db_id,
          label: `${o.service === 's3' ? T.amazonS3 : T.contido} · ${o.output_bucket}`,
        }))}
        value={chosen}
        onChange={setChosen}
        comboboxProps={{ withinPortal: false }}
      />
      <TextInput label={T.chooseBucket} value={integration?.output_folder_path ?? ''} readOnly />
      <TextInput
        label={T.destinationFolder}
        value={folder}
        onChange={(e) => setFolder(e.currentTarget.value)}
        error={folderError}
      />
      {integration?.create_date_folders && (
        <Text size="sm" c="dimmed" data-testid="date-folder">
          {`${T.createDateFolders}: ${utcDateFolder(new Date())} (UTC)`}
        </Text>
      )}
      <Button
        disabled={!integration?.output_bucket || Boolean(folderError)}
        loading={viaS3.isPending || viaContido.isPending}
        onClick={submit}
      >
        {T.exportToBucket}
      </Button>
    </Stack>
  );
}
