import {
  ActionIcon,
  Box,
  Group,
  Image,
  Paper,
  ScrollArea,
  Stack,
  Switch,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import {
  IconFile,
  IconMusic,
  IconPhoto,
  IconPlayerSkipBack,
  IconPlayerSkipForward,
  IconVideo,
} from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { REVIEW_PLAYLIST_TEXT as T, type ReviewItem } from '@rushes/shared';
import { formatDuration } from '../../projects/format.ts';

const TYPE_ICON: Record<string, ReactNode> = {
  video: <IconVideo size={20} />,
  audio: <IconMusic size={20} />,
  image: <IconPhoto size={20} />,
};

/** The previous and next files of the playlist around the one shown (null at either end). */
export function neighbours(items: readonly ReviewItem[], current: number | null) {
  if (current === null) return { previous: null, next: null };
  return { previous: items[current - 1] ?? null, next: items[current + 1] ?? null };
}

/**
 * The files of a review link that holds several (or a folder), beside the player: poster, title and
 * duration of each, the one shown highlighted and kept in view; previous/next, and whether a video
 * that ends starts the next file.
 */
export function PlaylistPanel({
  items,
  current,
  onPick,
  autoplay,
  onAutoplay,
}: {
  items: readonly ReviewItem[];
  current: number | null;
  onPick: (item: ReviewItem) => void;
  autoplay: boolean;
  onAutoplay: (on: boolean) => void;
}) {
  const { previous, next } = neighbours(items, current);
  const shown = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    shown.current?.scrollIntoView({ block: 'nearest' });
  }, [current]);
  return (
    <Paper withBorder radius="md" p="sm" component="nav" aria-label={T.playlist}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Stack gap={0}>
          <Text fw={600}>{T.playlist}</Text>
          <Text size="xs" c="dimmed">
            {current === null ? T.count(items.length) : T.position(current + 1, items.length)}
          </Text>
        </Stack>
        <Group gap={4} wrap="nowrap">
          <Tooltip label={T.previous}>
            <ActionIcon
              variant="default"
              aria-label={T.previous}
              disabled={!previous}
              onClick={() => previous && onPick(previous)}
            >
              <IconPlayerSkipBack size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={T.next}>
            <ActionIcon
              variant="default"
              aria-label={T.next}
              disabled={!next}
              onClick={() => next && onPick(next)}
            >
              <IconPlayerSkipForward size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <Switch
        mt="xs"
        size="xs"
        label={T.autoplay}
        checked={autoplay}
        onChange={(e) => onAutoplay(e.currentTarget.checked)}
      />
      <ScrollArea.Autosize mah="60vh" mt="xs" type="auto">
        <Stack gap={4} component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.length === 0 && (
            <Text size="sm" c="dimmed" component="li">
              {T.emptyFolder}
            </Text>
          )}
          {items.map((item, i) => {
            const on = i === current;
            return (
              <li key={item.ingest_db_id}>
                <UnstyledButton
                  ref={on ? shown : undefined}
                  onClick={() => onPick(item)}
                  aria-current={on ? 'true' : undefined}
                  w="100%"
                  p={6}
                  bg={on ? 'var(--mantine-primary-color-light)' : undefined}
                  style={{ borderRadius: 6 }}
                >
                  <Group gap="sm" wrap="nowrap">
                    <Box
                      w={96}
                      h={54}
                      bg="dark.6"
                      c="gray.4"
                      style={{
                        flex: 'none',
                        borderRadius: 4,
                        overflow: 'hidden',
                        display: 'grid',
                        placeItems: 'center',
                      }}
                    >
                      {item.thumbnail ? (
                        <Image src={item.thumbnail} alt="" w={96} h={54} fit="cover" loading="lazy" />
                      ) : (
                        (TYPE_ICON[item.file_type] ?? <IconFile size={20} />)
                      )}
                    </Box>
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text size="sm" fw={on ? 600 : 400} lineClamp={2} style={{ wordBreak: 'break-word' }}>
                        {item.title}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {on ? T.nowShowing : `${i + 1}`}
                        {item.duration !== null ? ` · ${formatDuration(item.duration)}` : ''}
                      </Text>
                    </Stack>
                  </Group>
                </UnstyledButton>
              </li>
            );
          })}
        </Stack>
      </ScrollArea.Autosize>
    </Paper>
  );
}
