import { ActionIcon, Button, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconArrowLeft, IconTrash } from '@tabler/icons-react';
import { AI_TEXT, formatDate, formatTime } from '@rushes/shared';
import type { useConversations } from './api.ts';

interface ConversationListProps {
  list: ReturnType<typeof useConversations>;
  current: string | null;
  onOpen: (conversationDbId: string) => void;
  onDelete: (conversationDbId: string) => void;
  onBack: () => void;
}

/** The caller's conversations in this project, newest first, a page at a time; open or delete one. */
export function ConversationList({ list, current, onOpen, onDelete, onBack }: ConversationListProps) {
  const items = list.data?.pages.flatMap((p) => p.conversations) ?? [];
  return (
    <Stack gap="sm">
      <Group>
        <Button variant="subtle" size="xs" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
          {AI_TEXT.backToChat}
        </Button>
      </Group>
      <Text fw={600}>{AI_TEXT.history}</Text>
      {list.isPending && <Loader size="sm" />}
      {list.isSuccess && items.length === 0 && (
        <Text size="sm" c="dimmed">
          {AI_TEXT.noConversations}
        </Text>
      )}
      <Stack gap={4} role="list" aria-label={AI_TEXT.history}>
        {items.map((c) => (
          <Group key={c.conversation_db_id} justify="space-between" wrap="nowrap" role="listitem">
            <UnstyledButton
              onClick={() => onOpen(c.conversation_db_id)}
              style={{ minWidth: 0, flex: 1 }}
              aria-current={c.conversation_db_id === current ? 'true' : undefined}
            >
              <Text size="sm" fw={c.conversation_db_id === current ? 600 : 400} truncate="end">
                {c.title}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDate(c.updated_on)} {formatTime(c.updated_on)}
              </Text>
            </UnstyledButton>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`${AI_TEXT.deleteConversation}: ${c.title}`}
              onClick={() => onDelete(c.conversation_db_id)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
      </Stack>
      {list.hasNextPage && (
        <Button
          variant="subtle"
          size="xs"
          onClick={() => void list.fetchNextPage()}
          loading={list.isFetchingNextPage}
        >
          {AI_TEXT.moreConversations}
        </Button>
      )}
    </Stack>
  );
}
