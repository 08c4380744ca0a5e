import { ActionIcon, Box, Group, Paper, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type KeyboardEvent } from 'react';
import { api } from '../../api/client.ts';
import { toast } from '../../ui/toast.ts';
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
  return useQuery({
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
}

/**
 * The chat input (spec 000 §2, §5): 'Type your message', fewer than 102 characters, sent only when
 * the trimmed text is non-empty; '@' opens the collaborator picker, which inserts '@Display Name'
 * and keeps the user id for the send. A failed send keeps the text and toasts 'Something went wrong'.
 */
export function ChatInput({ projectDbId, onSent }: { projectDbId: string; onSent: () => void }) {
  const [value, setValue] = useState('');
  const [caret, setCaret] = useState(0);
  const [picked, setPicked] = useState<MentionUser[]>([]);
  const [highlight, setHighlight] = useState(0);
  const [dismissed, setDismissed] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const send = useSendChat(projectDbId);

  const mention = dismissed ? null : activeMention(value, caret);
  const search = useMentionSearch(projectDbId, mention ? mention.query : null);
  const suggestions = mention ? (search.data ?? []) : [];

  const pick = (user: MentionUser) => {
    if (!mention) return;
    const next = insertMention(value, caret, mention.start, user);
    setValue(next.value.slice(0, CHAT_MESSAGE_MAX));
    setCaret(next.caret);
    setPicked((p) => [...p, user]);
    setHighlight(0);
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(next.caret, next.caret);
    });
  };

  const submit = () => {
    const text = value.trim();
    if (!text || send.isPending) return;
    send.mutate(
      { text, mention_user_ids: mentionedIds(text, picked) },
      {
        onSuccess: () => {
          setValue('');
          setCaret(0);
          setPicked([]);
          onSent();
        },
        onError: () => toast.error(MSG.somethingWentWrong),
      },
    );
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (suggestions.length > 0) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const step = e.key === 'ArrowDown' ? 1 : -1;
        setHighlight((h) => (h + step + suggestions.length) % suggestions.length);
        return;
      }
      if (e.key === 'Enter' || e.key === 'Tab') {
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
          loading={send.isPending}
          disabled={!value.trim()}
        >
          <IconSend size={18} />
        </ActionIcon>
      </Group>
    </Box>
  );
}
