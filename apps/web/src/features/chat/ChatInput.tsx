import { ActionIcon, Box, Group, Paper, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useRef, useState, type KeyboardEvent } from 'react';
import { call } from '../../api/client.ts';
import { PendingMessages } from '../../ui/PendingMessages.tsx';
import { toast } from '../../ui/toast.ts';
import { restoreText, useSendQueue } from '../../ui/useSendQueue.ts';
import {
  CHAT_MESSAGE_MAX,
  MSG,
  UI,
  activeMention,
  insertMention,
  mentionedIds,
  type MentionUser,
} from '@rushes/shared';
import { projectsRoutes } from '@rushes/shared/routes/projects';

/** Mention search among the project's collaborators (spec 000 §7: search_type 'collaborators'). */
function useMentionSearch(projectDbId: string | undefined, text: string | null) {
  const [debounced] = useDebouncedValue(projectDbId ? text : null, 150);
  const query = useQuery({
    queryKey: ['chat', projectDbId, 'mention', debounced] as const,
    queryFn: ({ signal }) =>
      call(
        projectsRoutes.collaboratorSearch,
        { project_db_id: projectDbId ?? '', search_type: 'collaborators', search_text: debounced ?? '' },
        { signal },
      ).then((d) => d.users),
    enabled: projectDbId !== undefined && debounced !== null,
    meta: { silent: true },
  });
  /** `query`: the text these results answer */
  return { ...query, query: debounced };
}

/** A message handed to the send queue, with the people it mentions. */
interface Outgoing {
  text: string;
  picked: MentionUser[];
}

/** What the input hands over: the trimmed text and the ids of the people it mentions. */
export interface ChatOutgoing {
  text: string;
  mention_user_ids: string[];
}

interface ChatInputProps {
  /** Sends one message; rejects when it was not stored. */
  onSend: (message: ChatOutgoing) => Promise<unknown>;
  /** Mentions search this project's collaborators (the project chat); without it, no picker. */
  mentionsIn?: string;
  disabled?: boolean;
  /**
   * Toasted when a send fails ('Something went wrong', spec 000 §9 chat send failure); null when
   * the send itself reports its failure.
   */
  failureToast?: string | null;
}

/**
 * The input of every chat (spec 000 §2, §5): 'Type your message', typing limited to fewer than 102
 * characters, sent only when the trimmed text is non-empty; with `mentionsIn`, '@' opens the
 * collaborator picker, which inserts '@Display Name' and keeps the user id for the send. Enter
 * queues the message and clears the input at once, so the next one can be typed while earlier ones
 * are sending (they go in order, shown as 'Sending…'). A failed send puts its text (and any queued
 * after it) back in front of what is in the input: nothing typed is lost.
 */
export function ChatInput({
  onSend,
  mentionsIn,
  disabled = false,
  failureToast = MSG.somethingWentWrong,
}: ChatInputProps) {
  const [value, setValue] = useState('');
  const [caret, setCaret] = useState(0);
  const [picked, setPicked] = useState<MentionUser[]>([]);
  const [highlight, setHighlight] = useState(0);
  const [dismissed, setDismissed] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const sendOne = useCallback(
    (m: Outgoing) => onSend({ text: m.text, mention_user_ids: mentionedIds(m.text, m.picked) }),
    [onSend],
  );
  const putBack = useCallback(
    (failed: Outgoing[]) => {
      if (failureToast) toast.error(failureToast);
      setValue((current) =>
        restoreText(
          failed.map((m) => m.text),
          current,
        ),
      );
      setPicked((current) => [...failed.flatMap((m) => m.picked), ...current]);
    },
    [failureToast],
  );
  const queue = useSendQueue(sendOne, putBack);

  const mention = dismissed || !mentionsIn ? null : activeMention(value, caret, picked);
  const search = useMentionSearch(mentionsIn, mention ? mention.query : null);
  const suggestions = mention ? (search.data ?? []) : [];
  // Enter picks only from the answer to what is typed now: an answer to an earlier, shorter query
  // must not replace words typed since (the list still shows while the new answer comes)
  const fresh = mention !== null && search.query === mention.query && search.isSuccess;

  const pick = (user: MentionUser) => {
    if (!mention) return;
    const next = insertMention(value, caret, mention.start, user);
    const placed = next.value.slice(0, CHAT_MESSAGE_MAX);
    setValue(placed);
    setCaret(next.caret);
    setPicked((p) => [...p, user]);
    setHighlight(0);
    requestAnimationFrame(() => {
      const el = input.current;
      if (!el) return;
      el.focus();
      // only while nothing was typed since the pick: on a slow machine the frame can come after the
      // next keys, and moving the caret back then would put those words before the mention's end
      if (el.value === placed) el.setSelectionRange(next.caret, next.caret);
    });
  };

  const submit = () => {
    const text = value.trim();
    if (!text || disabled) return;
    queue.enqueue({ text, picked: picked.filter((u) => text.includes(`@${u.name}`)) });
    setValue('');
    setCaret(0);
    setPicked([]);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (suggestions.length > 0) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const step = e.key === 'ArrowDown' ? 1 : -1;
        setHighlight((h) => (h + step + suggestions.length) % suggestions.length);
        return;
      }
      if ((e.key === 'Enter' || e.key === 'Tab') && fresh) {
        e.preventDefault();
        pick(suggestions[Math.min(highlight, suggestions.length - 1)]);
        return;
      }
      if (e.key === 'Escape') {
        e.preventDefault();
        setDismissed(true);
        return;
      }
    }
    if (e.key === 'Enter') {
      e.preventDefault();
      submit();
    }
  };

  return (
    <Box pos="relative">
      <PendingMessages texts={queue.pending.map((m) => m.text)} />
      {suggestions.length > 0 && (
        <Paper
          withBorder
          shadow="sm"
          pos="absolute"
          bottom="100%"
          left={0}
          right={0}
          mb={4}
          p={4}
          role="listbox"
          aria-label={UI.mentionSuggestions}
          style={{ zIndex: 2 }}
        >
          {suggestions.map((u, i) => (
            <UnstyledButton
              key={u.user_id}
              role="option"
              aria-selected={i === highlight}
              display="block"
              w="100%"
              px="sm"
              py={6}
              bg={i === highlight ? 'gray.1' : undefined}
              style={{ borderRadius: 4 }}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(u)}
            >
              {u.name}
            </UnstyledButton>
          ))}
        </Paper>
      )}
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <TextInput
          ref={input}
          flex={1}
          aria-label={MSG.typeYourMessage}
          placeholder={MSG.typeYourMessage}
          value={value}
          maxLength={CHAT_MESSAGE_MAX}
          disabled={disabled}
          autoComplete="off"
          onChange={(e) => {
            setValue(e.currentTarget.value.slice(0, CHAT_MESSAGE_MAX));
            setCaret(e.currentTarget.selectionStart ?? e.currentTarget.value.length);
            setDismissed(false);
            setHighlight(0);
          }}
          onSelect={(e) => setCaret(e.currentTarget.selectionStart ?? 0)}
          onKeyDown={onKeyDown}
        />
        <ActionIcon
          size="lg"
          variant="filled"
          aria-label={UI.sendMessage}
          onClick={submit}
          disabled={!value.trim() || disabled}
        >
          <IconSend size={18} />
        </ActionIcon>
      </Group>
    </Box>
  );
}
