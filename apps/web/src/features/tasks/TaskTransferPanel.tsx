import { Button, Group, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { MSG, TRANSFER_REASON_LIMIT, UI, transferRequestBody } from '@rushes/shared';
import { showApiError } from '../../app/apiErrors.ts';
import { usePanels } from '../../app/panels/PanelContext.ts';
import type { PanelBaseProps } from '../../app/panels/registry.ts';
import { Form } from '../../ui/Form.tsx';
import { toast } from '../../ui/toast.ts';
import { useZodForm } from '../../ui/useZodForm.ts';
import { taskKeys, useRequestTransfer } from './api.ts';

export interface TaskTransferPanelProps {
  projectDbId: string;
  taskDbId: string;
}

const reasonForm = transferRequestBody.pick({ msg: true }) as z.ZodType<{ msg: string }>;

/**
 * The task transfer panel (spec 000 §2, §5): an assignee gives a reason (required) and asks the
 * assigner to pass the task on; ends with 'Transfer request created' and returns to the task.
 */
export default function TaskTransferPanel({
  projectDbId,
  taskDbId,
}: TaskTransferPanelProps & PanelBaseProps) {
  const panels = usePanels();
  const queryClient = useQueryClient();
  const form = useZodForm(reasonForm, { msg: '' });
  const toTask = () => panels.open('taskDetail', { projectDbId, taskDbId });
  const send = useRequestTransfer({
    meta: { silent: true },
    onSuccess: (data) => {
      toast.success(data.message || MSG.transferRequested);
      void queryClient.invalidateQueries({ queryKey: taskKeys.all });
      toTask();
    },
    onError: (error) => {
      if (!form.applyServerErrors(error)) showApiError(error);
    },
  });

  return (
    <Form
      aria-label={UI.transferTask}
      onSubmit={() => {
        const parsed = form.validate();
        if (parsed) send.mutate({ project_db_id: projectDbId, task_db_id: taskDbId, msg: parsed.msg });
      }}
    >
      <Text size="sm" c="dimmed">
        {UI.transferHint}
      </Text>
      <Textarea
        label={UI.transferReason}
        rows={4}
        maxLength={TRANSFER_REASON_LIMIT}
        value={form.values.msg}
        error={form.errors.msg}
        onChange={(event) => form.setValue('msg', event.currentTarget.value)}
      />
      <Group gap="sm">
        <Button type="submit" loading={send.isPending}>
          {UI.sendRequest}
        </Button>
        <Button variant="default" onClick={toTask}>
          {UI.cancel}
        </Button>
      </Group>
    </Form>
  );
}
