import { Box, Center, Divider, Group, Loader, Stack, Text } from '@mantine/core';
import { useLayoutEffect, useRef } from 'react';
import { chatDayLabel, chatDayOf, formatTime } from '@rushes/shared';
import { MemberAvatar } from '../../../ui/MemberAvatar.tsx';

/** One chat line as the log shows it (oldest first). */
export interface ChatLine {
  id: string;
  user_id: string;
  user_name: string;
  text: string;
  /** ISO 8601 */
  timestamp: string;
  user_badge_color?: string;
}

interface ChatLogProps {
  lines: readonly ChatLine[];
  selfId: string;
  timeZone: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  label: string;
  empty: React.ReactNode;
}

interface Day {
  date: string;
  label: string;
  runs: ChatLine[][];
}

/** Days of the reader's time zone; within a day, consecutive lines of one person form one run. */
function daysOf(lines: readonly ChatLine[], timeZone: string): Day[] {
  const days: Day[] = [];
  for (const line of lines) {
    const date = chatDayOf(line.timestamp, timeZone);
    let day = days.at(-1);
    if (!day || day.date !== date) {
      day = { date, label: chatDayLabel(line.timestamp, { timeZone }), runs: [] };
      days.push(day);
    }
    const run = day.runs.at(-1);
    if (run && run[0].user_id === line.user_id) run.push(line);
    else day.runs.push([line]);
  }
  return days;
}

/** Pixels from the bottom within which the log follows new lines. */
const FOLLOW_THRESHOLD = 80;

/**
 * A chat log (spec 000 §3, §4): lines grouped under date labels ('Today', else dd MMM yyyy), one
 * avatar per run of lines by the same person, time as HH:MM AM/PM. It opens at the newest line;
 * scrolling to the top loads the older page and keeps the lines in view where they were; a new
 * line scrolls into view when the reader is at the bottom (or wrote it).
 */
export function ChatLog({
  lines,
  selfId,
  timeZone,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  label,
  empty,
}: ChatLogProps) {
  const box = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const seen = useRef({ first: '', last: '', fromBottom: 0 });

  // Keep the reader's place: older lines arrived above → keep the same distance from the bottom;
  // a new line below → follow it when at the bottom or when it is one's own.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const prev = seen.current;
    const first = lines[0]?.id ?? '';
    const last = lines.at(-1);
    const bottom = () => el.scrollHeight - el.clientHeight;
    if (!prev.last) el.scrollTop = bottom();
    else if (first !== prev.first && last?.id === prev.last) el.scrollTop = bottom() - prev.fromBottom;
    else if (last && last.id !== prev.last && (prev.fromBottom < FOLLOW_THRESHOLD || last.user_id === selfId))
      el.scrollTop = bottom();
    seen.current = { first, last: last?.id ?? '', fromBottom: bottom() - el.scrollTop };
  }, [lines, selfId]);

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

  return (
    <Box
      ref={box}
      onScroll={onScroll}
      role="log"
      aria-label={label}
      aria-live="polite"
      style={{ overflowY: 'auto', flex: 1, minHeight: '20rem', maxHeight: '30rem' }}
      px={4}
    >
      <div ref={top} style={{ height: 1 }} />
      {loadingOlder && (
        <Center py="xs">
          <Loader size="xs" />
        </Center>
      )}
      {lines.length === 0 && empty}
      <Stack gap="sm">
        {daysOf(lines, timeZone).map((day) => (
          <Stack key={day.date} gap="xs" component="section" aria-label={day.label}>
            <Divider label={day.label} labelPosition="center" />
            {day.runs.map((run) => (
              <Group key={run[0].id} align="flex-start" gap="sm" wrap="nowrap">
                <MemberAvatar name={run[0].user_name} color={run[0].user_badge_color} size={30} />
                <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                  <Group gap={6}>
                    <Text size="sm" fw={600}>
                      {run[0].user_name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatTime(run[0].timestamp, timeZone)}
                    </Text>
                  </Group>
                  {run.map((line) => (
                    <Text
                      key={line.id}
                      size="sm"
                      style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                      data-chat-line
                    >
                      {line.text}
                    </Text>
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
