import { ActionIcon, Button, Center, Group, Loader, Menu, Stack, Text } from '@mantine/core';
import { IconDots, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { MSG, UI, type Task } from '@rushes/shared';
import { usePanels } from '../../app/panels/PanelContext.ts';
import type { PanelBaseProps } from '../../app/panels/registry.ts';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { useTaskList } from './api.ts';
import { DeleteTaskModal } from './DeleteTaskModal.tsx';
import { TaskCard } from './TaskCard.tsx';
import { TASK_PARAM } from './useTaskParam.ts';

export interface TaskListPanelProps {
  projectDbId: string;
}

/**
 * The task list panel (spec 000 §2): the project's tasks, newest first, 'Create Task'; choosing a
 * task sets the `task` query parameter, which opens it (a link to it opens the same). A task the
 * caller may delete has a menu with 'Delete task' (after a confirmation).
 */
function TaskMenu({ task, onDelete }: { task: Task; onDelete: (task: Task) => void }) {
  return (
    <Menu position="bottom-end" shadow="md" width={180}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={UI.taskActions(task.task_type_label)}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => onDelete(task)}>
          {UI.deleteTask}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

export default function TaskListPanel({ projectDbId }: TaskListPanelProps & PanelBaseProps) {
  const panels = usePanels();
  const [params, setParams] = useSearchParams();
  const list = useTaskList(projectDbId);
  const selected = params.get(TASK_PARAM);
  const tasks = list.data?.pages.flatMap((p) => p.data) ?? [];
  const [deleting, setDeleting] = useState<Task | null>(null);

  if (list.isPending) return <PageLoader />;
  return (
    <Stack gap="md">
      <Button
        leftSection={<IconPlus size={16} />}
        onClick={() => panels.open('taskForm', { projectDbId })}
        style={{ alignSelf: 'flex-start' }}
      >
        {UI.createTask}
      </Button>
      {list.isError && (
        <Text c="red" size="sm" role="alert">
          {MSG.somethingWentWrong}
        </Text>
      )}
      {list.isSuccess && tasks.length === 0 && (
        <Text c="dimmed" size="sm">
          {UI.noTasks}
        </Text>
      )}
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={UI.tasks}>
        {tasks.map((task) => (
          <li key={task.task_db_id}>
            <Group gap={4} wrap="nowrap" align="flex-start">
              <div style={{ flex: 1, minWidth: 0 }}>
                <TaskCard
                  task={task}
                  selected={task.task_db_id === selected}
                  onOpen={(t) =>
                    setParams((prev) => {
                      const next = new URLSearchParams(prev);
                      next.set(TASK_PARAM, t.task_db_id);
                      return next;
                    })
                  }
                />
              </div>
              {task.can_delete && <TaskMenu task={task} onDelete={setDeleting} />}
            </Group>
          </li>
        ))}
      </Stack>
      {deleting && <DeleteTaskModal task={deleting} opened onClose={() => setDeleting(null)} />}
      {list.hasNextPage && (
        <Center>
          {list.isFetchingNextPage ? (
            <Loader size="xs" />
          ) : (
            <Button variant="subtle" onClick={() => void list.fetchNextPage()}>
              {UI.loadMore}
            </Button>
          )}
        </Center>
      )}
    </Stack>
  );
}
