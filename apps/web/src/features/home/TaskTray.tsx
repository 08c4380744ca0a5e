import { Box } from '@mantine/core';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { MSG, UI, type TaskTrayName } from '@rushes/shared';
import { ListStatus } from '../../ui/ListStatus.tsx';
import { TrayFrame } from '../../ui/TrayFrame.tsx';
import { Carousel, CarouselSlide } from '../../ui/Carousel.tsx';
import { useTaskTray } from '../tasks/api.ts';
import { TaskCard } from '../tasks/TaskCard.tsx';
import { taskPath } from '../tasks/useTaskParam.ts';

/** Height of the strip of task cards (165 px): loading, empty and loaded take the same, so nothing below moves. */
const TASK_ROW_PX = 166;

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
    <TrayFrame title={title} total={total}>
      <Box mih={TASK_ROW_PX}>
        <ListStatus
          query={query}
          empty={tasks.length === 0}
          emptyText={MSG.noRecordFound}
          reserve={TASK_ROW_PX}
        />
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
      </Box>
    </TrayFrame>
  );
}
