import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  INTEGRATION_TEXT as T,
  EXPORT_NOTIFICATIONS_REFETCH_MS,
  isValidFolderPath,
  utcDateFolder,
} from '@rushes/shared';
import type { PanelBaseProps } from '../../app/panels/registry.ts';
import { toast } from '../../ui/toast.ts';
import { notificationKeys } from '../notifications/api.ts';
import { useExportContido, useExportS3 } from './api.ts';
import { BucketPicker, FolderPicker, bucketRoot, type ExportBucket } from './ExportPickers.tsx';

export interface ExportPanelProps {
  projectDbId: string;
  teamDbId: string;
  assets: { ingest_db_id: string; title: string; is_folder: boolean }[];
  onExported?: () => void;
}

/**
 * Export to bucket (spec 002 §2, §4, §5, §7): pick one of the team's output buckets (the buckets
 * list, 100 per page), browse its folders (500 per page) and optionally name a new folder inside the
 * one chosen; Export stays disabled without a bucket. With create_date_folders the files land in a
 * dd-mm-yyyy (UTC) folder. After success the notification list is refetched after 1 second.
 */
export default function ExportPanel({
  projectDbId,
  teamDbId,
  assets,
  onExported,
  close,
}: ExportPanelProps & PanelBaseProps) {
  const queryClient = useQueryClient();
  const [bucket, setBucket] = useState<ExportBucket | null>(null);
  const [path, setPath] = useState('');
  const [newFolder, setNewFolder] = useState('');
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
  const typed = newFolder.trim().replace(/^\/+|\/+$/g, '');
  const folderError = typed && !isValidFolderPath(typed) ? T.invalidFolderPath : undefined;
  const destination = [path, typed].filter(Boolean).join('/');
  const pick = (b: ExportBucket | null) => {
    setBucket(b);
    setPath('');
  };
  const submit = () => {
    if (!bucket || folderError) return;
    const body = {
      project_db_id: projectDbId,
      integration_db_id: bucket.integration_db_id,
      ingest_db_ids: assets.filter((a) => !a.is_folder).map((a) => a.ingest_db_id),
      folders: assets.filter((a) => a.is_folder).map((a) => a.ingest_db_id),
      destination_bucket: bucket.bucket,
      destination_folder: destination,
    };
    if (bucket.service === 's3') viaS3.mutate(body);
    else viaContido.mutate(body);
  };
  const target = bucket
    ? [bucketRoot(bucket), destination, bucket.create_date_folders ? utcDateFolder(new Date()) : '']
        .filter(Boolean)
        .join('/') + '/'
    : '';
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {assets.map((a) => a.title).join(', ')}
      </Text>
      <BucketPicker teamDbId={teamDbId} value={bucket?.key ?? null} onChange={pick} />
      {bucket && <FolderPicker bucket={bucket} path={path} onPath={setPath} />}
      {bucket && (
        <TextInput
          label={T.newFolder}
          description={T.newFolderHint}
          value={newFolder}
          onChange={(e) => setNewFolder(e.currentTarget.value)}
          error={folderError}
        />
      )}
      {bucket?.create_date_folders && (
        <Text size="sm" c="dimmed" data-testid="date-folder">
          {`${T.createDateFolders}: ${utcDateFolder(new Date())} (UTC)`}
        </Text>
      )}
      {bucket && !folderError && (
        <Text size="sm" data-testid="export-target" style={{ wordBreak: 'break-all' }}>
          {`${T.exportsTo}: ${target}`}
        </Text>
      )}
      <Button
        disabled={!bucket || Boolean(folderError)}
        loading={viaS3.isPending || viaContido.isPending}
        onClick={submit}
      >
        {T.exportToBucket}
      </Button>
    </Stack>
  );
}
