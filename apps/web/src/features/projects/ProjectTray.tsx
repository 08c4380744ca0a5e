import { Badge, Box, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { formatNumber, MSG, UI, type TrayName } from '@rushes/shared';
import { useTray } from './api.ts';
import { ProjectCardView } from './ProjectCardView.tsx';

interface ProjectTrayProps {
  tray: TrayName;
  title: string;
  teamDbId: string | null;
  action?: ReactNode;
}

/**
 * A project tray of the home page (spec 002 §2): cards in a capped scroll box; reaching its end
 * loads the next page (HOME_TRAY_PAGE_SIZE per page, keyset). Realtime events edit the cache.
 */
export function ProjectTray({ tray, title, teamDbId, action }: ProjectTrayProps) {
  const query = useTray(tray, teamDbId);
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
      { root: box.current, rootMargin: '120px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const cards = query.data?.pages.flatMap((p) => p.data) ?? [];
  const total = query.data?.pages[0]?.total_entries ?? 0;

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs">
            <Title order={2} size="h4">
              {title}
            </Title>
            {total > 0 && (
              <Badge variant="light" color="gray" aria-hidden>
                {formatNumber(total)}
              </Badge>
            )}
          </Group>
          {action}
        </Group>
        <Box ref={box} mah="30rem" style={{ overflowY: 'auto' }}>
          {query.isPending && (
            <Center py="md">
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
              {UI.noProjects}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            {cards.map((project) => (
              <ProjectCardView key={project.project_db_id} project={project} />
            ))}
          </SimpleGrid>
          <div ref={end} />
          {isFetchingNextPage && (
            <Center py="xs">
              <Loader size="xs" />
            </Center>
          )}
        </Box>
      </Stack>
    </Paper>
  );
}
