import { Button, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { MSG, UI } from '@rushes/shared';
import { useUser } from '../../../api/currentUser.ts';
import { usePanels } from '../../../app/panels/PanelContext.ts';
import type { PanelBaseProps } from '../../../app/panels/registry.ts';
import { ChatInput } from '../../chat/ChatInput.tsx';
import { ChatView } from '../../chat/ChatView.tsx';
import { useSendTaskChat, useTask, useTaskChat } from '../api.ts';
import { useTaskChatRoom } from './useTaskChatRoom.ts';

export interface TaskChatPanelProps {
  projectDbId: string;
  taskDbId: string;
  /** The task's type label, shown above the chat. */
  title: string;
}

/**
 * The task chat (spec 000 §2, §4, §5) on the chat core's view and input, as the project chat: 10
 * messages per page, older pages when scrolled to the top, date labels, live messages from
 * everyone on the task, input under 102 characters sent only when non-empty. A failed load shows
 * 'Something went wrong. Try reloading the chat again'. A completed task's chat stays readable;
 * its input is closed.
 */
export default function TaskChatPanel({ projectDbId, taskDbId, title }: TaskChatPanelProps & PanelBaseProps) {
  const user = useUser();
  const panels = usePanels();
  const task = useTask(taskDbId);
  const history = useTaskChat(taskDbId);
  const send = useSendTaskChat(taskDbId);
  useTaskChatRoom(projectDbId, taskDbId);
  const canWrite = Boolean(task.data?.can_chat && !task.data.is_completed);

  return (
    <Stack gap="sm" h="100%">
      <Button
        variant="subtle"
        color="gray"
        px={0}
        leftSection={<IconArrowLeft size={16} />}
        onClick={() => panels.open('taskDetail', { projectDbId, taskDbId })}
        style={{ alignSelf: 'flex-start' }}
      >
        {UI.backToTask}
      </Button>
      <Text fw={600} truncate="end">
        {title}
      </Text>
      <ChatView
        history={history}
        selfId={user.user_id}
        label={UI.taskChat}
        logStyle={{ minHeight: '20rem', maxHeight: '30rem' }}
        failed={
          <Stack gap="xs" align="flex-start" role="alert">
            <Text c="red" size="sm">
              {MSG.taskChatLoadFailed}
            </Text>
            <Button size="xs" variant="default" onClick={() => void history.refetch()}>
              {UI.reloadChat}
            </Button>
          </Stack>
        }
      />
      {/* a failed send is toasted with the server's message by the client (the mutation is not silent) */}
      <ChatInput disabled={!canWrite || !history.isSuccess} failureToast={null} onSend={send.mutateAsync} />
    </Stack>
  );
}
