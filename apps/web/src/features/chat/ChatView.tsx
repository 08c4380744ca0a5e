import { Center, Loader, Stack, Text } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useCallback, type CSSProperties, type ReactNode } from 'react';
import { MSG } from '@rushes/shared';
import { ChatLog } from './ChatLog.tsx';
import type { ChatPage } from './live.ts';

interface ChatViewProps<P extends ChatPage> {
  history: UseInfiniteQueryResult<InfiniteData<P, unknown>>;
  selfId: string;
  /** the log's accessible name */
  label: string;
  /** what a failed load shows (the panel's message, and a reload button where it has one) */
  failed: ReactNode;
  people?: ReadonlyMap<string, string>;
  logStyle?: CSSProperties;
}

/**
 * The history of any chat (spec 000 §2): 'Fetching messages...' while loading, the panel's failure
 * when the load failed, else the log, with "It's quiet in here..." / 'Let's start a conversation!'
 * while it is empty.
 */
export function ChatView<P extends ChatPage>({
  history,
  selfId,
  label,
  failed,
  people,
  logStyle,
}: ChatViewProps<P>) {
  const { fetchNextPage } = history;
  const loadOlder = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  if (history.isPending)
    return (
      <Center style={{ flex: 1 }} py="md">
        <Stack align="center" gap="xs">
          <Loader size="sm" />
          <Text c="dimmed" size="sm">
            {MSG.fetchingMessages}
          </Text>
        </Stack>
      </Center>
    );
  if (history.isError) return <>{failed}</>;
  return (
    <ChatLog
      pages={history.data.pages}
      selfId={selfId}
      hasOlder={history.hasNextPage}
      loadingOlder={history.isFetchingNextPage}
      onLoadOlder={loadOlder}
      label={label}
      people={people}
      style={logStyle}
      empty={
        <Stack gap={4} align="center" py="lg">
          <Text fw={600}>{MSG.chatEmptyTitle}</Text>
          <Text c="dimmed" size="sm">
            {MSG.chatEmptySubtitle}
          </Text>
        </Stack>
      }
    />
  );
}
