import { Button, Center, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { MSG, UI, flattenChatGroups } from '@rushes/shared';
import { useUser } from '../../../api/currentUser.ts';
import { usePanels } from '../../../app/panels/PanelContext.ts';
import type { PanelBaseProps } from '../../../app/panels/registry.ts';
import { useSendTaskChat, useTask, useTaskChat, userTimeZone } from '../api.ts';
import { ChatComposer } from './ChatComposer.tsx';
import { ChatLog, type ChatLine } from './ChatLog.tsx';
import { appendToHistory, useTaskChatRoom } from './useTaskChatRoom.ts';

export interface TaskChatPanelProps {
  projectDbId: string;
  taskDbId: string;
  /** The task's type label, shown above the chat. */
  title: string;
}

/**
 * The task chat (spec 000 §2, §4, §5): 10 messages per page, older pages when scrolled to the top,
 * date labels, live messages from everyone on the task, input under 102 characters sent only when
 * non-empty. A failed load shows 'Something went wrong. Try reloading the chat again'. A completed
 * task's chat stays readable; its input is closed.
 */
export default function TaskChatPanel({ projectDbId, taskDbId, title }: TaskChatPanelProps & PanelBaseProps) {
  const user = useUser();
  const panels = usePanels();
  const queryClient = useQueryClient();
  const task = useTask(taskDbId);
  const history = useTaskChat(taskDbId);
  useTaskChatRoom(projectDbId, taskDbId);
  const timeZone = userTimeZone();

  const lines = useMemo<ChatLine[]>(
    () =>
      [...(history.data?.pages ?? [])].reverse().flatMap((page) =>
        flattenChatGroups(page.messages).map((m) => ({
          id: m.id,
          user_id: m.user.user_id,
          user_name: m.user.user_name,
          user_badge_color: m.user.user_badge_color,
          text: m.text,
          timestamp: m.timestamp,
        })),
      ),
    [history.data],
  );

  const send = useSendTaskChat({
    onSuccess: (data) => appendToHistory(queryClient, taskDbId, data.message),
  });

  const { fetchNextPage } = history;
  const loadOlder = useCallback(() => void fetchNextPage(), [fetchNextPage]);
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
      {history.isPending && (
        <Center py="md">
          <Text size="sm" c="dimmed">
            {MSG.fetchingMessages}
          </Text>
        </Center>
      )}
      {history.isError && (
        <Stack gap="xs" align="flex-start" role="alert">
          <Text c="red" size="sm">
            {MSG.taskChatLoadFailed}
          </Text>
          <Button size="xs" variant="default" onClick={() => void history.refetch()}>
            {UI.reloadChat}
          </Button>
        </Stack>
      )}
      {history.isSuccess && (
        <ChatLog
          lines={lines}
          selfId={user.user_id}
          timeZone={timeZone}
          hasOlder={history.hasNextPage}
          loadingOlder={history.isFetchingNextPage}
          onLoadOlder={loadOlder}
          label={UI.taskChat}
          empty={
            <Stack gap={2} align="center" py="lg">
              <Text fw={600}>{MSG.chatEmptyTitle}</Text>
              <Text size="sm" c="dimmed">
                {MSG.chatEmptySubtitle}
              </Text>
            </Stack>
          }
        />
      )}
      <ChatComposer
        disabled={!canWrite || !history.isSuccess}
        onSend={(text) => send.mutateAsync({ task_db_id: taskDbId, text })}
      />
    </Stack>
  );
}
