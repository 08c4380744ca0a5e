import {
  Anchor,
  Breadcrumbs,
  Button,
  Group,
  Paper,
  ScrollArea,
  Select,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconFolder } from '@tabler/icons-react';
import { INTEGRATION_TEXT as T, type BucketEntry, type BucketService } from '@rushes/shared';
import { useBucketPages, useFolderPages } from './api.ts';

/** An output bucket an export can go to: the entry of the buckets list and its service. */
export interface ExportBucket extends BucketEntry {
  service: BucketService;
  key: string;
}

/**
 * The team's output buckets of S3 and Contido, from the buckets lists (spec 002 §7: 100 per page);
 * `loadMore` asks each list that has more for its next page.
 */
export function useExportBuckets(teamDbId: string) {
  const s3 = useBucketPages('s3', teamDbId);
  const contido = useBucketPages('contido', teamDbId);
  const lists = [
    ['s3', s3],
    ['contido', contido],
  ] as const;
  const buckets: ExportBucket[] = lists.flatMap(([service, q]) =>
    (q.data?.pages ?? [])
      .flatMap((p) => p.buckets)
      .filter((b) => b.side === 'output')
      .map((b) => ({ ...b, service, key: `${service}|${b.integration_db_id}|${b.bucket}` })),
  );
  return {
    buckets,
    pending: s3.isPending || contido.isPending,
    hasMore: Boolean(s3.hasNextPage || contido.hasNextPage),
    loadingMore: s3.isFetchingNextPage || contido.isFetchingNextPage,
    loadMore: () => {
      for (const [, q] of lists) if (q.hasNextPage && !q.isFetchingNextPage) void q.fetchNextPage();
    },
  };
}

/** 'delivery-out/exports': a bucket and the integration's folder in it. */
export const bucketRoot = (b: Pick<BucketEntry, 'bucket' | 'folder'>) =>
  b.folder ? `${b.bucket}/${b.folder}` : b.bucket;

/** The bucket select, with 'Load more buckets' while the lists have more pages. */
export function BucketPicker({
  teamDbId,
  value,
  onChange,
}: {
  teamDbId: string;
  value: string | null;
  onChange: (bucket: ExportBucket | null) => void;
}) {
  const list = useExportBuckets(teamDbId);
  return (
    <Stack gap={4}>
      {list.buckets.length === 0 && !list.pending && !list.hasMore && (
        <Text c="dimmed">{T.noIntegrationFound}</Text>
      )}
      <Select
        label={T.chooseBucket}
        data={list.buckets.map((b) => ({
          value: b.key,
          label: `${b.service === 's3' ? T.amazonS3 : T.contido} · ${bucketRoot(b)}`,
        }))}
        value={value}
        onChange={(key) => onChange(list.buckets.find((b) => b.key === key) ?? null)}
        searchable
        comboboxProps={{ withinPortal: false }}
      />
      {list.hasMore && (
        <Button variant="subtle" size="xs" w="fit-content" loading={list.loadingMore} onClick={list.loadMore}>
          {T.loadMoreBuckets}
        </Button>
      )}
    </Stack>
  );
}

/**
 * The folders of the chosen bucket (spec 002 §7, §9: 500 per page): the breadcrumbs lead back up,
 * a folder opens it; the folder shown last in the breadcrumbs is where the export goes.
 */
export function FolderPicker({
  bucket,
  path,
  onPath,
}: {
  bucket: ExportBucket;
  path: string;
  onPath: (path: string) => void;
}) {
  const pages = useFolderPages(bucket.service, bucket.integration_db_id, bucket.bucket, path);
  const folders = (pages.data?.pages ?? []).flatMap((p) => p.folders);
  const segments = path.split('/').filter(Boolean);
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="sm" fw={500} mb={4}>
        {T.destinationFolder}
      </Text>
      <Breadcrumbs mb="xs" separatorMargin={4} style={{ flexWrap: 'wrap' }}>
        {[bucketRoot(bucket), ...segments].map((label, i) =>
          // the last one is the folder shown (where the export goes); the others lead back up
          i === segments.length ? (
            <Text key={i} size="sm" fw={600} aria-current="location">
              {label}
            </Text>
          ) : (
            <Anchor
              component="button"
              type="button"
              size="sm"
              key={i}
              onClick={() => onPath(segments.slice(0, i).join('/'))}
            >
              {label}
            </Anchor>
          ),
        )}
      </Breadcrumbs>
      <ScrollArea.Autosize mah={220} type="auto">
        <Stack gap={2} aria-label={T.folder}>
          {folders.map((f) => (
            <UnstyledButton key={f.value} onClick={() => onPath(f.value)} aria-label={f.label} py={2}>
              <Group gap="xs" wrap="nowrap">
                <IconFolder size={16} />
                <Text size="sm">{f.label}</Text>
              </Group>
            </UnstyledButton>
          ))}
        </Stack>
      </ScrollArea.Autosize>
      {pages.isPending && (
        <Text size="sm" c="dimmed">
          {T.loading}
        </Text>
      )}
      {pages.isSuccess && folders.length === 0 && (
        <Text size="sm" c="dimmed">
          {T.noFolders}
        </Text>
      )}
      {pages.hasNextPage && (
        <Button
          variant="subtle"
          size="xs"
          mt={4}
          loading={pages.isFetchingNextPage}
          onClick={() => void pages.fetchNextPage()}
        >
          {T.loadMoreFolders}
        </Button>
      )}
    </Paper>
  );
}
