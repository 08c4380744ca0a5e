import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { MSG, UI, type Task } from '@rushes/shared';
import { toast } from '../../ui/toast.ts';
import { taskKeys, useCompleteTask } from './api.ts';

/**
 * The complete-task modal (spec 000 §2 Modals, §4): only the assigner sees it; confirming ends
 * with 'Task marked as completed' and the task turns read-only everywhere.
 */
export function CompleteTaskModal({
  task,
  opened,
  onClose,
}: {
  task: Task;
  opened: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const complete = useCompleteTask({
    onSuccess: (data) => {
      toast.success(data.message || MSG.taskCompleted);
      void queryClient.invalidateQueries({ queryKey: taskKeys.all });
      onClose();
    },
  });
  return (
    <Modal opened={opened} onClose={onClose} title={UI.completeTask} centered>
      <Stack gap="md">
        <Text size="sm">{UI.completeTaskConfirm}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {UI.cancel}
          </Button>
          <Button
            color="green"
            loading={complete.isPending}
            onClick={() => complete.mutate({ task_db_id: task.task_db_id, role: 'editor' })}
          >
            {UI.completeTask}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
