import { Box, Center, Divider, Group, Loader, Stack, Text } from '@mantine/core';
import { useLayoutEffect, useMemo, useRef } from 'react';
import {
  formatTime,
  prependChatPage,
  type ChatDateGroup,
  type ChatHistory,
  type MentionUser,
} from '@rushes/shared';
import { readerTimeZone } from './api.ts';
import { MemberAvatar } from '../../ui/MemberAvatar.tsx';
import { MentionText } from './MentionText.tsx';

/** The pages of the history (newest first) as one list of day groups, oldest first. */
export function joinPages(pages: ChatHistory[]): ChatDateGroup[] {
  const opts = { timeZone: readerTimeZone() };
  return pages
    .slice(1)
    .reduce((shown, older) => prependChatPage(shown, older.messages, opts), pages[0]?.messages ?? []);
}

interface ChatMessagesProps {
  pages: ChatHistory[];
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder: () => void;
  /** names of project members, to highlight '@Name' of mentioned ids */
  people: Map<string, string>;
  /** bumps when the reader sent a message: scroll to it */
  sentTick: number;
}

const NEAR_BOTTOM_PX = 80;

/**
 * The message list (spec 000 §3 message groups under date labels). Opens at the newest message;
 * reaching the top loads the next older page while one is left (next_before, up to total_entries),
 * keeping the reader's place; a new message scrolls into view when the reader is at the bottom.
 */
export function ChatMessages({
  pages,
  hasOlder,
  loadingOlder,
  loadOlder,
  people,
  sentTick,
}: ChatMessagesProps) {
  const box = useRef<HTMLDivElement>(null);
  const fromBottom = useRef(0);
  const stickToBottom = useRef(true);
  const days = useMemo(() => joinPages(pages), [pages]);

  // After any change keep the same distance from the bottom (older pages grow the top), or stay at the bottom.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    el.scrollTop = stickToBottom.current
      ? el.scrollHeight
      : el.scrollHeight - el.clientHeight - fromBottom.current;
    // A first page shorter than the box cannot be scrolled: load the older one at once.
    if (el.scrollHeight <= el.clientHeight && hasOlder && !loadingOlder) loadOlder();
  }, [days, hasOlder, loadingOlder, loadOlder]);

  useLayoutEffect(() => {
    stickToBottom.current = true;
    const el = box.current;
    if (el && sentTick > 0) el.scrollTop = el.scrollHeight;
  }, [sentTick]);

  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    fromBottom.current = el.scrollHeight - el.clientHeight - el.scrollTop;
    stickToBottom.current = fromBottom.current < NEAR_BOTTOM_PX;
    if (el.scrollTop < 40 && hasOlder && !loadingOlder) loadOlder();
  };

  const mentionedOf = (ids: string[] | undefined): MentionUser[] =>
    (ids ?? []).flatMap((id) => (people.has(id) ? [{ user_id: id, name: people.get(id)! }] : []));

  return (
    <Box
      ref={box}
      onScroll={onScroll}
      style={{ flex: 1, overflowY: 'auto', minHeight: 0 }}
      role="log"
      aria-live="polite"
      data-testid="chat-messages"
    >
      {loadingOlder && (
        <Center py="xs">
          <Loader size="xs" />
        </Center>
      )}
      <Stack gap="sm" pb="xs">
        {days.map((day) => (
          <Stack key={day.date} gap="xs" component="section" aria-label={day.label}>
            <Divider label={day.label} labelPosition="center" />
            {day.messages.map((group) => (
              <Group key={group.id} align="flex-start" gap="sm" wrap="nowrap" data-testid="chat-group">
                <MemberAvatar size="sm" name={group.user.user_name} color={group.user.user_badge_color} />
                <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                  <Group gap="xs">
                    <Text size="sm" fw={600}>
                      {group.user.user_name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatTime(group.created_on, readerTimeZone())}
                    </Text>
                  </Group>
                  {group.messages.map((m) => (
                    <Box key={m.id} data-testid="chat-message" data-message-id={m.id}>
                      <MentionText text={m.text} mentioned={mentionedOf(m.mention?.user_ids)} />
                    </Box>
                  ))}
                </Stack>
              </Group>
            ))}
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}
