import { ActionIcon, Box, Group, Paper, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useRef, useState, type KeyboardEvent } from 'react';
import { api } from '../../api/client.ts';
import { PendingMessages } from '../../ui/PendingMessages.tsx';
import { toast } from '../../ui/toast.ts';
import { restoreText, useSendQueue } from '../../ui/useSendQueue.ts';
import { useSendChat } from './api.ts';
import {
  API,
  CHAT_MESSAGE_MAX,
  MSG,
  UI,
  activeMention,
  insertMention,
  mentionedIds,
  type MentionUser,
} from '@rushes/shared';

/** Mention search among the project's collaborators (spec 000 §7: search_type 'collaborators'). */
function useMentionSearch(projectDbId: string, text: string | null) {
  const [debounced] = useDebouncedValue(text, 150);
  const query = useQuery({
    queryKey: ['chat', projectDbId, 'mention', debounced] as const,
    queryFn: ({ signal }) =>
      api
        .get<{ users: MentionUser[] }>(
          API.projects.collaboratorSearch,
          { project_db_id: projectDbId, search_type: 'collaborators', search_text: debounced ?? '' },
          { signal },
        )
        .then((d) => d.users),
    enabled: debounced !== null,
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

/**
 * The chat input (spec 000 §2, §5): 'Type your message', fewer than 102 characters, sent only when
 * the trimmed text is non-empty; '@' opens the collaborator picker, which inserts '@Display Name'
 * and keeps the user id for the send. Enter queues the message and clears the input at once, so
 * the next one can be typed while earlier ones are sending (they go in order, shown as 'Sending…').
 * A failed send toasts 'Something went wrong' and puts its text (and any queued after it) back
 * in front of what is in the input: nothing typed is lost.
 */
export function ChatInput({ projectDbId, onSent }: { projectDbId: string; onSent: () => void }) {
  const [value, setValue] = useState('');
  const [caret, setCaret] = useState(0);
  const [picked, setPicked] = useState<MentionUser[]>([]);
  const [highlight, setHighlight] = useState(0);
  const [dismissed, setDismissed] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const send = useSendChat(projectDbId);
  const { mutateAsync } = send;

  const sendOne = useCallback(
    (m: Outgoing) =>
      mutateAsync({ text: m.text, mention_user_ids: mentionedIds(m.text, m.picked) }).then(onSent),
    [mutateAsync, onSent],
  );
  const putBack = useCallback((failed: Outgoing[]) => {
    toast.error(MSG.somethingWentWrong);
    setValue((current) =>
      restoreText(
        failed.map((m) => m.text),
        current,
      ),
    );
    setPicked((current) => [...failed.flatMap((m) => m.picked), ...current]);
  }, []);
  const queue = useSendQueue(sendOne, putBack);

  const mention = dismissed ? null : activeMention(value, caret, picked);
  const search = useMentionSearch(projectDbId, mention ? mention.query : null);
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
    if (!text) return;
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
          autoComplete="off"
          onChange={(e) => {
            setValue(e.currentTarget.value);
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
          disabled={!value.trim()}
        >
          <IconSend size={18} />
        </ActionIcon>
      </Group>
    </Box>
  );
}
