import { Anchor, Box, Group, Paper, Stack, Text } from '@mantine/core';
import { useRef } from 'react';
import { Link } from 'react-router';
import { formatDate, MSG, UI, type SharedAssetCard } from '@rushes/shared';
import { ListStatus } from '../../ui/ListStatus.tsx';
import { TrayFrame } from '../../ui/TrayFrame.tsx';
import { useLoadMoreAtEnd } from '../../ui/useLoadMoreAtEnd.ts';
import { FileTypeIcon } from '../assets/FileTypeIcon.tsx';
import { PATHS } from '../../app/paths.ts';
import { useSharedAssetEvents, useSharedAssets } from './sharedAssets.ts';

function SharedCard({ card }: { card: SharedAssetCard }) {
  return (
    <Paper withBorder radius="sm" p="xs" component="article" aria-label={card.title}>
      <Group gap="xs" wrap="nowrap">
        <FileTypeIcon type={card.file_type} />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Anchor
            component={Link}
            to={`${PATHS.review}?shared_asset=${encodeURIComponent(card.share_id)}`}
            size="sm"
            fw={600}
            truncate="end"
          >
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

/** Loading and empty take the same height, so the trays below do not move. */
const STATUS_PX = 36;

/**
 * The 'Shared Assets' tray (spec 002 §2): assets other people shared with the user, newest first,
 * more loaded at the end of the box; realtime add/update/delete edit it (spec 002 §4).
 */
export function SharedAssetsTray() {
  const query = useSharedAssets();
  useSharedAssetEvents();
  const box = useRef<HTMLDivElement>(null);
  const end = useLoadMoreAtEnd(query, { root: box, rootMargin: '60px' });
  const cards = query.data?.pages.flatMap((p) => p.data) ?? [];
  const total = query.data?.pages[0]?.total_entries ?? 0;

  return (
    <TrayFrame title={UI.traySharedAssets} total={total}>
      <Box ref={box} mah="22rem" style={{ overflowY: 'auto' }}>
        <ListStatus
          query={query}
          empty={cards.length === 0}
          emptyText={MSG.noRecordFound}
          reserve={STATUS_PX}
        />
        <Stack gap={6}>
          {cards.map((card) => (
            <SharedCard key={card.share_id} card={card} />
          ))}
        </Stack>
        <div ref={end} />
      </Box>
    </TrayFrame>
  );
}
