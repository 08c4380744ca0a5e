import { Button, DataList, Divider, Stack, TagsInput, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  MSG,
  UI,
  additionalFilename,
  formatDate,
  keywords as keywordsRule,
  metadataSubmittable,
  type AssetMetadata,
} from '@rushes/shared';
import type { PanelBaseProps } from '../../app/panels/registry.ts';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { Form } from '../../ui/Form.tsx';
import { toast } from '../../ui/toast.ts';
import { formatBytes, formatDuration } from '../projects/format.ts';
import { assetKeys, useAssetMetadata, useUpdateMetadata } from './api.ts';

export interface MetadataPanelProps {
  projectDbId: string;
  ingestDbId: string;
  title: string;
}

const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? MSG.somethingWentWrong);

function FileInfo({ data }: { data: AssetMetadata }) {
  const f = data.file_info;
  const rows: [string, string][] = [
    [UI.uploadedBy, f.uploaded_by],
    [UI.ingestId, f.ingest_id],
    [UI.createdOn, formatDate(f.created_on)],
    [UI.uploadedFrom, f.uploaded_from],
    [UI.format, f.format ?? ''],
    [UI.fileSize, formatBytes(f.file_size)],
    [UI.duration, f.duration === null ? '' : formatDuration(f.duration)],
  ];
  return (
    <Stack gap="xs" component="section" aria-label={UI.fileInfo}>
      <Title order={3} size="h6" c="dimmed" tt="uppercase">
        {UI.fileInfo}
      </Title>
      <DataList size="sm" labelWidth={128}>
        {rows.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue>{value || '–'}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList>
    </Stack>
  );
}

function MetadataForm({
  data,
  projectDbId,
  close,
}: {
  data: AssetMetadata;
  projectDbId: string;
  close: () => void;
}) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(data.additional_filename);
  const [keywords, setKeywords] = useState<string[]>(data.keywords);
  const nameError = firstError(additionalFilename().safeParse(name));
  const keywordsError = firstError(keywordsRule().safeParse(keywords));
  const editable = data.can_add_update_asset_metadata;
  const canSubmit =
    editable && !nameError && !keywordsError && metadataSubmittable({ keywords, additional_filename: name });

  const save = useUpdateMetadata({
    onSuccess: (answer) => {
      toast.success(answer.message || MSG.detailsUpdated);
      void queryClient.invalidateQueries({ queryKey: assetKeys.metadata(projectDbId, data.ingest_db_id) });
      close();
    },
  });

  return (
    <Form
      aria-label={UI.metadataTitle}
      onSubmit={() =>
        canSubmit &&
        save.mutate({
          project_db_id: projectDbId,
          ingest_db_id: data.ingest_db_id,
          keywords,
          additional_filename: name.trim(),
        })
      }
    >
      <TextInput
        label={UI.additionalName}
        value={name}
        error={nameError}
        disabled={!editable}
        autoComplete="off"
        onChange={(event) => setName(event.currentTarget.value)}
      />
      <TagsInput
        label={UI.keywords}
        placeholder={UI.keywordsPlaceholder}
        value={keywords}
        onChange={setKeywords}
        error={keywordsError}
        disabled={!editable}
        splitChars={[]}
        acceptValueOnBlur
        clearable={false}
        comboboxProps={{ withinPortal: false }}
      />
      <Button
        type="submit"
        disabled={!canSubmit}
        loading={save.isPending}
        style={{ alignSelf: 'flex-start' }}
      >
        {UI.submit}
      </Button>
    </Form>
  );
}

/**
 * The asset metadata panel (spec 000 §2, §3, §5): read-only file info, then Additional Name ('no
 * special characters') and Keywords (enter to add; combined length ≤ 100); Submit is disabled on an
 * error or when both are empty; without can_add_update_asset_metadata the fields are disabled.
 */
export default function MetadataPanel({
  projectDbId,
  ingestDbId,
  title,
  close,
}: MetadataPanelProps & PanelBaseProps) {
  const metadata = useAssetMetadata(projectDbId, ingestDbId);
  if (metadata.isPending) return <PageLoader />;
  if (!metadata.data) {
    return (
      <Text c="red" size="sm" role="alert">
        {MSG.somethingWentWrong}
      </Text>
    );
  }
  return (
    <Stack gap="lg">
      <Text fw={600} truncate="end">
        {metadata.data.title || title}
      </Text>
      <FileInfo data={metadata.data} />
      <Divider />
      <MetadataForm data={metadata.data} projectDbId={projectDbId} close={close} />
    </Stack>
  );
}
