import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MSG, UI, type Task } from '@rushes/shared';
import { useUser } from '../../api/currentUser.ts';
import { toast } from '../../ui/toast.ts';
import { taskKeys, useAnswerTransfer } from './api.ts';
import { PeoplePicker, type PickedPerson } from './PeoplePicker.tsx';

/**
 * A pending transfer request as the task shows it (spec 000 §2 Task transfer): who asks and why;
 * the assigner accepts by choosing the new assignee (the requester leaves the task) or declines
 * (the task stays as it was). See docs/decisions/0008-tasks-and-approvals.md 'Tasks in the browser'.
 */
export function TransferAnswer({ task }: { task: Task }) {
  const user = useUser();
  const queryClient = useQueryClient();
  const [next, setNext] = useState<PickedPerson[]>([]);
  const [error, setError] = useState<string | undefined>();
  const answer = useAnswerTransfer({
    onSuccess: (data) => {
      toast.success(data.message);
      setNext([]);
      void queryClient.invalidateQueries({ queryKey: taskKeys.all });
    },
  });

  const accept = () => {
    const one = next[0];
    if (!one) {
      setError(MSG.required);
      return;
    }
    answer.mutate(
      one.kind === 'user'
        ? { task_db_id: task.task_db_id, action: 'accept', assigned_to: one.user_id }
        : { task_db_id: task.task_db_id, action: 'accept', user_email: one.email },
    );
  };

  return (
    <Alert
      color="orange"
      variant="light"
      title={UI.transferRequestFrom(task.transfer_requested_by?.name ?? '')}
    >
      <Stack gap="sm">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {task.transfer_message}
        </Text>
        {task.can_answer_transfer && (
          <>
            <PeoplePicker
              projectDbId={task.project_db_id}
              label={UI.transferTo}
              max={1}
              value={next}
              error={error}
              excludeUserIds={
                new Set([
                  user.user_id,
                  ...(task.transfer_requested_by ? [task.transfer_requested_by.user_id] : []),
                ])
              }
              onChange={(value) => {
                setNext(value);
                setError(undefined);
              }}
            />
            <Group gap="sm">
              <Button
                color="green"
                loading={answer.isPending && answer.variables?.action === 'accept'}
                onClick={accept}
              >
                {UI.acceptTransfer}
              </Button>
              <Button
                variant="default"
                loading={answer.isPending && answer.variables?.action === 'decline'}
                onClick={() => answer.mutate({ task_db_id: task.task_db_id, action: 'decline' })}
              >
                {UI.declineTransfer}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Alert>
  );
}
