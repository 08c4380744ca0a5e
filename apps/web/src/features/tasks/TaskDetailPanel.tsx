import { Alert, Badge, Button, DataList, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCheck, IconLock, IconSend, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { MSG, UI, type Task } from '@rushes/shared';
import { ApiError } from '../../api/client.ts';
import { usePanels } from '../../app/panels/PanelContext.ts';
import type { PanelBaseProps } from '../../app/panels/registry.ts';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { InviteRow, RowAction } from '../../ui/PersonRow.tsx';
import { toast } from '../../ui/toast.ts';
import { useResendTaskInvite, useTask } from './api.ts';
import { CompleteTaskModal } from './CompleteTaskModal.tsx';
import { DeleteTaskModal } from './DeleteTaskModal.tsx';
import { dueDateLabel } from './format.ts';
import { TaskStatusBadge } from './TaskStatusBadge.tsx';
import { TransferAnswer } from './TransferAnswer.tsx';
import { taskAction } from './taskActions.ts';

export interface TaskDetailPanelProps {
  projectDbId: string;
  taskDbId: string;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

function Invited({ task }: { task: Task }) {
  const resend = useResendTaskInvite({
    onSuccess: (data) => toast.success(data.message || MSG.inviteSent),
  });
  return (
    <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {task.invited_team_members.map((email) => (
        <InviteRow key={email} email={email} status={UI.invited}>
          {task.can_edit && (
            <RowAction
              tooltip={UI.resendInvite}
              label={UI.resendInviteTo(email)}
              loading={resend.isPending && resend.variables?.user_email === email}
              onClick={() =>
                resend.mutate({
                  project_db_id: task.project_db_id,
                  task_db_id: task.task_db_id,
                  user_email: email,
                  role: 'editor',
                })
              }
            >
              <IconSend size={16} />
            </RowAction>
          )}
        </InviteRow>
      ))}
    </Stack>
  );
}

/** The actions the caller may take; a completed task keeps only its chat, to read. */
function Actions({
  task,
  onComplete,
  onDelete,
}: {
  task: Task;
  onComplete: () => void;
  onDelete: () => void;
}) {
  const panels = usePanels();
  const chat = taskAction('chat');
  const edit = taskAction('edit');
  const transfer = taskAction('transfer');
  const share = taskAction('share');
  return (
    <Group gap="xs">
      <Button
        variant="light"
        leftSection={<chat.icon size={16} />}
        rightSection={
          task.unread_messages > 0 ? (
            <Badge size="sm" color="red" circle aria-label={UI.unreadMessages(task.unread_messages)}>
              {task.unread_messages}
            </Badge>
          ) : null
        }
        onClick={() => chat.run(panels, task)}
      >
        {chat.label}
      </Button>
      {edit.enabled(task) && (
        <Button
          variant="default"
          leftSection={<edit.icon size={16} />}
          onClick={() => edit.run(panels, task)}
        >
          {edit.label}
        </Button>
      )}
      {transfer.enabled(task) && (
        <Button
          variant="default"
          leftSection={<transfer.icon size={16} />}
          onClick={() => transfer.run(panels, task)}
        >
          {transfer.label}
        </Button>
      )}
      {share.enabled(task) && (
        <Button
          variant="default"
          leftSection={<share.icon size={16} />}
          onClick={() => share.run(panels, task)}
        >
          {share.label}
        </Button>
      )}
      {task.can_complete && (
        <Button color="green" leftSection={<IconCheck size={16} />} onClick={onComplete}>
          {UI.completeTask}
        </Button>
      )}
      {task.can_delete && (
        <Button variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
          {UI.deleteTask}
        </Button>
      )}
    </Group>
  );
}

/**
 * The task detail panel (spec 000 §2, §3, §4): type label, status in its colour, assigner,
 * assignees, invited e-mails (resend invite), description and expiry; chat, edit, transfer,
 * complete and delete as the caller may. A completed task is read-only: no action but reading its chat.
 */
export default function TaskDetailPanel({ projectDbId, taskDbId }: TaskDetailPanelProps & PanelBaseProps) {
  const panels = usePanels();
  const query = useTask(taskDbId);
  const [completing, setCompleting] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const back = (
    <Button
      variant="subtle"
      color="gray"
      px={0}
      leftSection={<IconArrowLeft size={16} />}
      onClick={() => panels.open('taskList', { projectDbId })}
      style={{ alignSelf: 'flex-start' }}
    >
      {UI.backToTasks}
    </Button>
  );

  if (query.isPending) return <PageLoader />;
  if (!query.data) {
    return (
      <Stack gap="sm">
        {back}
        <Text c="red" size="sm" role="alert">
          {query.error instanceof ApiError ? query.error.message : MSG.somethingWentWrong}
        </Text>
      </Stack>
    );
  }
  const task = query.data;

  return (
    <Stack gap="md" aria-label={task.task_type_label}>
      {back}
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Title order={3} size="h4">
          {task.task_type_label}
        </Title>
        <TaskStatusBadge task={task} size="md" />
      </Group>
      <Text size="xs" c="dimmed">
        {task.project_title}
      </Text>
      {task.is_completed && (
        <Alert color="green" variant="light" icon={<IconLock size={16} />}>
          {MSG.taskReadOnly}
        </Alert>
      )}
      {task.is_transfer_request && !task.is_completed && <TransferAnswer task={task} />}
      <Actions task={task} onComplete={() => setCompleting(true)} onDelete={() => setDeleting(true)} />
      <DataList size="sm" labelWidth={112}>
        <Row label={UI.status}>
          <TaskStatusBadge task={task} />
        </Row>
        <Row label={UI.assignedBy}>{task.assigned_by.name}</Row>
        <Row label={UI.assignees}>
          {task.assigned_to_user_profiles.length
            ? task.assigned_to_user_profiles.map((p) => p.name).join(', ')
            : '–'}
        </Row>
        <Row label={UI.expiresOn}>{dueDateLabel(task)}</Row>
      </DataList>
      {task.invited_team_members.length > 0 && (
        <Stack gap={4} component="section" aria-label={UI.invitedEmails}>
          <Text size="sm" c="dimmed">
            {UI.invitedEmails}
          </Text>
          <Invited task={task} />
        </Stack>
      )}
      <Stack gap={4} component="section" aria-label={UI.description}>
        <Text size="sm" c="dimmed">
          {UI.description}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {task.description}
        </Text>
      </Stack>
      {task.can_complete && (
        <CompleteTaskModal task={task} opened={completing} onClose={() => setCompleting(false)} />
      )}
      {task.can_delete && (
        <DeleteTaskModal
          task={task}
          opened={deleting}
          onClose={() => setDeleting(false)}
          onDeleted={() => panels.open('taskList', { projectDbId })}
        />
      )}
    </Stack>
  );
}
