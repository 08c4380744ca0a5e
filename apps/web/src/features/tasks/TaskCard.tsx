import { Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconMessage } from '@tabler/icons-react';
import { UI, type Task } from '@rushes/shared';
import { dueDateLabel } from './format.ts';
import { TaskStatusBadge } from './TaskStatusBadge.tsx';
import { taskMenuItems } from './taskActions.ts';
import { usePanels } from '../../app/panels/PanelContext.ts';
import { ContextMenu, useContextMenu } from '../../ui/ContextMenu.tsx';

/** The unread badge of a task's chat (spec 000 §3 unread_messages), kept live by the task events. */
export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <Badge
      size="sm"
      color="red"
      leftSection={<IconMessage size={12} />}
      aria-label={UI.unreadMessages(count)}
      data-unread={count}
    >
      {count}
    </Badge>
  );
}

/**
 * A task card (home trays, the project's task list): type label, status in its colour, unread
 * badge, project, who assigned it and to whom, and the due date.
 */
export function TaskCard({
  task,
  selected = false,
  showProject = false,
  onOpen,
}: {
  task: Task;
  selected?: boolean;
  showProject?: boolean;
  onOpen: (task: Task) => void;
}) {
  const assignees = [...task.assigned_to_user_profiles.map((p) => p.name), ...task.invited_team_members];
  const panels = usePanels();
  const menu = useContextMenu();
  return (
    <>
      <UnstyledButton
        onClick={() => onOpen(task)}
        onContextMenu={menu.onContextMenu}
        aria-label={UI.openTask(task.task_type_label, task.project_title)}
        aria-current={selected || undefined}
        w="100%"
      >
        <Paper
          withBorder
          radius="md"
          p="sm"
          component="article"
          bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
          data-task={task.task_db_id}
        >
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text fw={600} size="sm" truncate="end">
                {task.task_type_label}
              </Text>
              <Group gap={4} wrap="nowrap">
                <UnreadBadge count={task.unread_messages} />
                <TaskStatusBadge task={task} />
              </Group>
            </Group>
            {showProject && (
              <Text size="xs" c="dimmed" truncate="end">
                {task.project_title}
              </Text>
            )}
            <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {task.description}
            </Text>
            <Text size="xs" c="dimmed" truncate="end">
              {UI.assignedByName(task.assigned_by.name)} · {UI.assignedToNames(assignees.join(', ') || '–')}
            </Text>
            <Text size="xs" c="dimmed">
              {UI.dueOn(dueDateLabel(task))}
            </Text>
          </Stack>
        </Paper>
      </UnstyledButton>
      <ContextMenu at={menu.at} items={taskMenuItems(panels, task)} onClose={menu.close} />
    </>
  );
}
