import { Badge, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { formatNumber, MSG, UI, type TaskTrayName } from '@rushes/shared';
import { Carousel, CarouselSlide } from '../../ui/Carousel.tsx';
import { useTaskTray } from '../tasks/api.ts';
import { TaskCard } from '../tasks/TaskCard.tsx';
import { taskPath } from '../tasks/useTaskParam.ts';

/**
 * A task tray of the home page (spec 002 §2): a carousel of task cards, HOME_TRAY_PAGE_SIZE per
 * page (keyset), the next page when the strip's end comes into view; task_add / task_update /
 * task_delete keep it live. A card opens its task on the project page (?task=).
 */
export function TaskTray({ tray, title }: { tray: TaskTrayName; title: string }) {
  const navigate = useNavigate();
  const query = useTaskTray(tray);
  const { fetchNextPage } = query;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const tasks = query.data?.pages.flatMap((p) => p.data) ?? [];
  const total = query.data?.pages[0]?.total_entries ?? 0;

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Stack gap="sm">
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
        {query.isSuccess && tasks.length === 0 && (
          <Text c="dimmed" size="sm">
            {MSG.noRecordFound}
          </Text>
        )}
        {tasks.length > 0 && (
          <Carousel
            label={title}
            previousLabel={UI.previousTasks(title)}
            nextLabel={UI.nextTasks(title)}
            hasMore={query.hasNextPage}
            loadingMore={query.isFetchingNextPage}
            onReachEnd={loadMore}
          >
            {tasks.map((task) => (
              <CarouselSlide key={task.task_db_id}>
                <TaskCard
                  task={task}
                  showProject
                  onOpen={(t) => void navigate(taskPath(t.project_db_id, t.task_db_id))}
                />
              </CarouselSlide>
            ))}
          </Carousel>
        )}
      </Stack>
    </Paper>
  );
}
