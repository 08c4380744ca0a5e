import { useQueryClient } from '@tanstack/react-query';
import { MSG, UI, type Task } from '@rushes/shared';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { toast } from '../../ui/toast.ts';
import { taskKeys, useDeleteTask } from './api.ts';
import { removeFromTaskTray } from './taskCache.ts';

/**
 * The delete-task confirmation: the assigner or a project creator/admin (task.can_delete)
 * confirms; 'Task deleted successfully' follows, and the task leaves the list, the trays and its
 * panel here at once (other people hear it live).
 */
export function DeleteTaskModal({
  task,
  opened,
  onClose,
  onDeleted,
}: {
  task: Task;
  opened: boolean;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const queryClient = useQueryClient();
  const remove = useDeleteTask({
    onSuccess: (data) => {
      toast.success(data.message || MSG.taskDeleted);
      removeFromTaskTray(queryClient, 'my_tasks', task.task_db_id);
      removeFromTaskTray(queryClient, 'assigned_tasks', task.task_db_id);
      queryClient.removeQueries({ queryKey: taskKeys.detail(task.task_db_id) });
      void queryClient.invalidateQueries({ queryKey: taskKeys.list(task.project_db_id) });
      onClose();
      onDeleted?.();
    },
  });
  return (
    <ConfirmDialog
      opened={opened}
      title={UI.deleteTask}
      message={UI.deleteTaskConfirm}
      confirmLabel={UI.delete}
      loading={remove.isPending}
      onConfirm={() => remove.mutate({ project_db_id: task.project_db_id, task_db_id: task.task_db_id })}
      onClose={onClose}
    />
  );
}
