import { Badge } from '@mantine/core';
import { taskStatusLabel, type TaskStatus } from '@rushes/shared';

/**
 * Task status colours (spec 002 §3 names in_progress, pending, completed, expired; the colours are
 * ours, docs/decisions/0008-tasks-and-approvals.md): pending yellow, in progress blue, completed green, expired red, and a
 * transfer request orange.
 */
export const TASK_STATUS_COLOURS: Record<TaskStatus, string> = {
  pending: 'yellow',
  in_progress: 'blue',
  completed: 'green',
  expired: 'red',
};
export const TRANSFER_REQUEST_COLOUR = 'orange';

export function TaskStatusBadge({
  task,
  size = 'sm',
}: {
  task: { task_status: TaskStatus; is_transfer_request: boolean };
  size?: 'xs' | 'sm' | 'md';
}) {
  const transfer = task.is_transfer_request && task.task_status !== 'completed';
  return (
    <Badge
      size={size}
      variant="light"
      tt="none"
      color={transfer ? TRANSFER_REQUEST_COLOUR : TASK_STATUS_COLOURS[task.task_status]}
    >
      {taskStatusLabel(task)}
    </Badge>
  );
}
