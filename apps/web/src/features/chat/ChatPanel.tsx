import { Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconHelpCircle, IconMessageCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { MSG, UI } from '@rushes/shared';
import { usePanels } from '../../app/panels/PanelContext.ts';
import { useProjectMembers } from '../projects/api.ts';
import { openChats, recordChatSeen, useChatHistory } from './api.ts';
import { ChatInput } from './ChatInput.tsx';
import { ChatMessages } from './ChatMessages.tsx';

export interface ChatPanelProps {
  projectDbId: string;
  title: string;
}

/** Names of the project's members by user id (for highlighting mentions). */
function usePeople(projectDbId: string): Map<string, string> {
  const members = useProjectMembers(projectDbId);
  return useMemo(() => {
    const map = new Map<string, string>();
    const d = members.data;
    if (d)
      for (const m of [...d.creator.members, ...d.admins.members, ...d.collaborators.members])
        map.set(m.user_id, m.name);
    return map;
  }, [members.data]);
}

/**
 * The project chat panel (spec 000 §2, §7): 'Fetching messages...' while loading, "It's quiet in
 * here..." / 'Let's start a conversation!' when empty, else the message groups; the input below;
 * 'Project Help' opens the help panel. Leaving the panel records last_seen_count = chats_count.
 */
export default function ChatPanel({ projectDbId, title }: ChatPanelProps) {
  const queryClient = useQueryClient();
  const panels = usePanels();
  const history = useChatHistory(projectDbId);
  const people = usePeople(projectDbId);
  const [sentTick, setSentTick] = useState(0);
  const { fetchNextPage } = history;
  const loadOlder = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  useEffect(() => {
    openChats.add(projectDbId);
    recordChatSeen(queryClient, projectDbId);
    return () => {
      openChats.delete(projectDbId);
      recordChatSeen(queryClient, projectDbId);
    };
  }, [projectDbId, queryClient]);

  const pages = history.data?.pages ?? [];
  const empty = history.isSuccess && pages.every((p) => p.messages.length === 0);

  return (
    <Stack gap="sm" h="calc(100dvh - 90px)">
      <Group justify="space-between" wrap="nowrap">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <IconMessageCircle size={18} />
          <Text fw={600} truncate="end">
            {title}
          </Text>
        </Group>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconHelpCircle size={16} />}
          onClick={() => panels.open('projectHelp', { projectDbId, title })}
        >
          {UI.projectHelp}
        </Button>
      </Group>
      {history.isPending && (
        <Center style={{ flex: 1 }}>
          <Stack align="center" gap="xs">
            <Loader size="sm" />
            <Text c="dimmed" size="sm">
              {MSG.fetchingMessages}
            </Text>
          </Stack>
        </Center>
      )}
      {history.isError && (
        <Center style={{ flex: 1 }}>
          <Text role="alert" c="red" size="sm">
            {MSG.chatLoadFailed}
          </Text>
        </Center>
      )}
      {empty && (
        <Center style={{ flex: 1 }}>
          <Stack align="center" gap={4}>
            <Text fw={600}>{MSG.chatEmptyTitle}</Text>
            <Text c="dimmed" size="sm">
              {MSG.chatEmptySubtitle}
            </Text>
          </Stack>
        </Center>
      )}
      {history.isSuccess && !empty && (
        <ChatMessages
          pages={pages}
          hasOlder={history.hasNextPage}
          loadingOlder={history.isFetchingNextPage}
          loadOlder={loadOlder}
          people={people}
          sentTick={sentTick}
        />
      )}
      <ChatInput projectDbId={projectDbId} onSent={() => setSentTick((n) => n + 1)} />
    </Stack>
  );
}
