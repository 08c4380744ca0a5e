import { Badge, Button, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconMicrophone } from '@tabler/icons-react';
import { Link } from 'react-router';
import { TRANSCRIPT_TEXT, UI } from '@rushes/shared';
import { playerPath } from '../player/openInPlayer.ts';
import { useTranscriptSearch } from './api.ts';
import { clipTime } from './transcriptLogic.ts';
import classes from './TranscriptPanel.module.css';

/**
 * "In the footage": the project search's hits inside what is said in the clips. Each shows the
 * clip, the line and its time, and opens the player at that moment. Nothing shows when nothing
 * was said that matches.
 */
export function FootageSearchSection({ projectDbId, q }: { projectDbId: string; q: string }) {
  const query = useTranscriptSearch(projectDbId, q);
  const hits = query.data?.pages.flatMap((p) => p.items) ?? [];
  if (hits.length === 0) return null;
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={TRANSCRIPT_TEXT.searchSection}>
      <Stack gap={6}>
        <Group gap={6}>
          <IconMicrophone size={16} aria-hidden />
          <Text fw={600} size="sm" component="h2" m={0}>
            {TRANSCRIPT_TEXT.searchSection}
          </Text>
        </Group>
        <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {hits.map((h) => (
            <li key={`${h.ingest_db_id}:${h.start_ms}`}>
              <UnstyledButton
                component={Link}
                to={playerPath(h.ingest_db_id, h.start_ms)}
                aria-label={TRANSCRIPT_TEXT.openAt(h.title, clipTime(h.start_ms))}
                px={6}
                py={4}
                w="100%"
                style={{ borderRadius: 6, display: 'block' }}
                className={classes.hit}
              >
                <Group gap="sm" wrap="nowrap" align="baseline">
                  <Badge variant="light" ff="monospace" style={{ flex: 'none' }}>
                    {clipTime(h.start_ms)}
                  </Badge>
                  <Text size="sm" fw={500} style={{ flex: 'none', maxWidth: '35%' }} truncate>
                    {h.title}
                  </Text>
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {h.text}
                  </Text>
                </Group>
              </UnstyledButton>
            </li>
          ))}
        </Stack>
        {query.hasNextPage && (
          <Button
            variant="subtle"
            size="xs"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
            style={{ alignSelf: 'flex-start' }}
          >
            {UI.loadMore}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
