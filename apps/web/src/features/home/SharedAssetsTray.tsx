import { Anchor, Badge, Box, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { formatDate, formatNumber, MSG, UI, type SharedAssetCard } from '@rushes/shared';
import { FileTypeIcon } from '../assets/FileTypeIcon.tsx';
import { projectPath } from '../projects/paths.ts';
import { useSharedAssetEvents, useSharedAssets } from './sharedAssets.ts';

function SharedCard({ card }: { card: SharedAssetCard }) {
  return (
    <Paper withBorder radius="sm" p="xs" component="article" aria-label={card.title}>
      <Group gap="xs" wrap="nowrap">
        <FileTypeIcon type={card.file_type} />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Anchor component={Link} to={projectPath(card.project_db_id)} size="sm" fw={600} truncate="end">
            {card.title}
          </Anchor>
          <Text size="xs" c="dimmed" truncate="end">
            {card.project_title}
            {card.shared_by ? ` · ${card.shared_by.name}` : ''} · {formatDate(card.shared_on)}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

/**
 * The 'Shared Assets' tray (spec 002 §2): assets other people shared with the user, newest first,
 * more loaded at the end of the box; realtime add/update/delete edit it (spec 002 §4).
 */
export function SharedAssetsTray() {
  const query = useSharedAssets();
  useSharedAssetEvents();
  const box = useRef<HTMLDivElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  useEffect(() => {
    const target = end.current;
    if (!target || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { root: box.current, rootMargin: '60px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const cards = query.data?.pages.flatMap((p) => p.data) ?? [];
  const total = query.data?.pages[0]?.total_entries ?? 0;

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={UI.traySharedAssets}>
      <Stack gap="xs">
        <Group gap="xs">
          <Title order={2} size="h4">
            {UI.traySharedAssets}
          </Title>
          {total > 0 && (
            <Badge variant="light" color="gray" aria-hidden>
              {formatNumber(total)}
            </Badge>
          )}
        </Group>
        <Box ref={box} mah="14rem" style={{ overflowY: 'auto' }}>
          {query.isPending && (
            <Center py="xs">
              <Loader size="sm" />
            </Center>
          )}
          {query.isError && (
            <Text c="red" size="sm">
              {MSG.somethingWentWrong}
            </Text>
          )}
          {query.isSuccess && cards.length === 0 && (
            <Text c="dimmed" size="sm">
              {MSG.noRecordFound}
            </Text>
          )}
          <Stack gap={6}>
            {cards.map((card) => (
              <SharedCard key={card.share_id} card={card} />
            ))}
          </Stack>
          <div ref={end} />
        </Box>
      </Stack>
    </Paper>
  );
}
