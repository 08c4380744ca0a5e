import { Box, Center, Divider, Group, Loader, Stack, Text } from '@mantine/core';
import { useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import {
  flattenChatGroups,
  formatTime,
  prependChatPage,
  type ChatDateGroup,
  type MentionUser,
} from '@rushes/shared';
import { ContextMenu } from '../../ui/ContextMenu.tsx';
import { MemberAvatar } from '../../ui/MemberAvatar.tsx';
import { messageMenuItems } from './messageActions.ts';
import { userTimeZone } from '../../ui/timeZone.ts';
import { type ChatPage } from './live.ts';
import { MentionText } from './MentionText.tsx';

/** The pages of a history (newest first) as one list of day groups, oldest first. */
export function joinPages(pages: readonly Pick<ChatPage, 'messages'>[]): ChatDateGroup[] {
  const opts = { timeZone: userTimeZone() };
  return pages
    .slice(1)
    .reduce((shown, older) => prependChatPage(shown, older.messages, opts), pages[0]?.messages ?? []);
}

interface ChatLogProps {
  /** history pages, newest first */
  pages: readonly Pick<ChatPage, 'messages'>[];
  /** the reader: their own new message is always scrolled into view */
  selfId: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  /** the log's accessible name */
  label: string;
  /** shown when there is no message */
  empty: ReactNode;
  /** names of members by user id, to highlight '@Name' of mentioned ids */
  people?: ReadonlyMap<string, string>;
  style?: CSSProperties;
}

/** Pixels from the bottom within which the log follows new messages. */
const FOLLOW_THRESHOLD = 80;

/**
 * The message list of every chat (spec 000 §3, §4): the shared rule's day groups ('Today', else
 * dd MMM yyyy) and runs of one user (one avatar, time as HH:MM AM/PM), mentions highlighted. It
 * opens at the newest message; reaching the top loads the next older page while one is left
 * (next_before, up to total_entries) and keeps the messages in view where they were; a new message
 * scrolls into view when the reader is at the bottom or wrote it.
 */
export function ChatLog({
  pages,
  selfId,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  label,
  empty,
  people,
  style,
}: ChatLogProps) {
  const box = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const seen = useRef({ first: '', last: '', fromBottom: 0 });
  const days = useMemo(() => joinPages(pages), [pages]);
  const timeZone = userTimeZone();
  const [menu, setMenu] = useState<{ x: number; y: number; text: string } | null>(null);

  // Keep the reader's place: older messages arrived above → keep the same distance from the bottom;
  // a new one below → follow it when at the bottom or when it is one's own.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const all = flattenChatGroups(days);
    const prev = seen.current;
    const first = all[0]?.id ?? '';
    const last = all.at(-1);
    const bottom = () => el.scrollHeight - el.clientHeight;
    if (!prev.last) el.scrollTop = bottom();
    else if (first !== prev.first && last?.id === prev.last) el.scrollTop = bottom() - prev.fromBottom;
    else if (
      last &&
      last.id !== prev.last &&
      (prev.fromBottom < FOLLOW_THRESHOLD || last.user.user_id === selfId)
    )
      el.scrollTop = bottom();
    seen.current = { first, last: last?.id ?? '', fromBottom: bottom() - el.scrollTop };
  }, [days, selfId]);

  // The top edge in view (scrolled up, or a first page shorter than the box) loads the older page.
  useLayoutEffect(() => {
    const target = top.current;
    if (!target || !hasOlder) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !loadingOlder) onLoadOlder();
      },
      { root: box.current, rootMargin: '40px 0px 0px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasOlder, loadingOlder, onLoadOlder]);

  const onScroll = () => {
    const el = box.current;
    if (el) seen.current.fromBottom = el.scrollHeight - el.clientHeight - el.scrollTop;
  };

  const mentionedOf = (ids: string[] | undefined): MentionUser[] =>
    (ids ?? []).flatMap((id) => {
      const name = people?.get(id);
      return name ? [{ user_id: id, name }] : [];
    });

  return (
    <Box
      ref={box}
      onScroll={onScroll}
      role="log"
      aria-label={label}
      aria-live="polite"
      data-testid="chat-messages"
      style={{ overflowY: 'auto', flex: 1, minHeight: 0, ...style }}
      px={4}
    >
      <div ref={top} style={{ height: 1 }} />
      {loadingOlder && (
        <Center py="xs">
          <Loader size="xs" />
        </Center>
      )}
      {days.length === 0 && empty}
      <Stack gap="sm" pb="xs">
        {days.map((day) => (
          <Stack key={day.date} gap="xs" component="section" aria-label={day.label}>
            <Divider label={day.label} labelPosition="center" />
            {day.messages.map((group) => (
              <Group key={group.id} align="flex-start" gap="sm" wrap="nowrap" data-testid="chat-group">
                <MemberAvatar size={30} name={group.user.user_name} color={group.user.user_badge_color} />
                <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                  <Group gap={6}>
                    <Text size="sm" fw={600}>
                      {group.user.user_name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatTime(group.created_on, timeZone)}
                    </Text>
                  </Group>
                  {group.messages.map((m) => (
                    <Box
                      key={m.id}
                      data-testid="chat-message"
                      data-chat-line
                      data-message-id={m.id}
                      onContextMenu={(event) => {
                        event.preventDefault();
                        setMenu({ x: event.clientX, y: event.clientY, text: m.text });
                      }}
                    >
                      <MentionText text={m.text} mentioned={mentionedOf(m.mention?.user_ids)} />
                    </Box>
                  ))}
                </Stack>
              </Group>
            ))}
          </Stack>
        ))}
      </Stack>
      <ContextMenu at={menu} items={menu ? messageMenuItems(menu.text) : []} onClose={() => setMenu(null)} />
    </Box>
  );
}
