import { Button, Center, Group, Stack, Text } from '@mantine/core';
import { IconHelpCircle, IconMessageCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { MSG, UI } from '@rushes/shared';
import { useUser } from '../../api/currentUser.ts';
import { usePanels } from '../../app/panels/PanelContext.ts';
import { useProjectMembers } from '../projects/api.ts';
import { openChats, recordChatSeen, useChatHistory, useSendChat } from './api.ts';
import { ChatInput } from './ChatInput.tsx';
import { ChatView } from './ChatView.tsx';

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
 * The project chat panel (spec 000 §2, §7): the chat core's view ('Fetching messages...', "It's
 * quiet in here..." / 'Let's start a conversation!', the message groups) and input, with mentions;
 * 'Project Help' opens the help panel. Leaving the panel records last_seen_count = chats_count.
 */
export default function ChatPanel({ projectDbId, title }: ChatPanelProps) {
  const queryClient = useQueryClient();
  const panels = usePanels();
  const user = useUser();
  const history = useChatHistory(projectDbId);
  const send = useSendChat(projectDbId);
  const people = usePeople(projectDbId);

  useEffect(() => {
    openChats.add(projectDbId);
    recordChatSeen(queryClient, projectDbId);
    return () => {
      openChats.delete(projectDbId);
      recordChatSeen(queryClient, projectDbId);
    };
  }, [projectDbId, queryClient]);

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
      <ChatView
        history={history}
        selfId={user.user_id}
        label={UI.projectChat}
        people={people}
        failed={
          <Center style={{ flex: 1 }}>
            <Text role="alert" c="red" size="sm">
              {MSG.chatLoadFailed}
            </Text>
          </Center>
        }
      />
      <ChatInput mentionsIn={projectDbId} onSend={send.mutateAsync} />
    </Stack>
  );
}
