import { ActionIcon, Alert, Button, Group, ScrollArea, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { IconHistory, IconPlus, IconSend, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { AI_QUESTION_MAX, AI_TEXT, type AiStreamEvent } from '@rushes/shared';
import { showApiError } from '../../app/apiErrors.ts';
import { toast } from '../../ui/toast.ts';
import { aiKeys, streamAsk, useAiStatus, useConversations, useDeleteConversation, useTurns } from './api.ts';
import { ConversationList } from './ConversationList.tsx';
import { Turn, type ShownTurn } from './AssistantTurns.tsx';
import type { AssistantPanelProps } from './panelProps.ts';

export type { AssistantPanelProps };

let seq = 0;

/**
 * The AI assistant chat panel (spec 000 §2, §4): input 'Hey, ask me anything :D', a submit
 * button and the list of user and assistant turns. Submit appends the question and a 'Generating...'
 * turn and disables the button; the answer streams into that turn and ends with links to the items
 * it used; a failure shows its message inline in red; the button comes back. Closing the panel stops
 * the answer (the server aborts the upstream call). Not set up: it says so and the button stays off.
 */
export default function AssistantPanel({ projectDbId, openBrief }: AssistantPanelProps) {
  const queryClient = useQueryClient();
  const status = useAiStatus();
  const conversations = useConversations(projectDbId);
  /** undefined: not chosen, the latest conversation is shown; null: a new one */
  const [chosen, setChosen] = useState<string | null | undefined>(undefined);
  const latest = conversations.data?.pages[0]?.conversations[0]?.conversation_db_id ?? null;
  const current = chosen === undefined ? latest : chosen;
  const turns = useTurns(current);
  const [live, setLive] = useState<ShownTurn[]>([]);
  const [busy, setBusy] = useState(false);
  const [value, setValue] = useState('');
  const [view, setView] = useState<'chat' | 'history'>('chat');
  const aborter = useRef<AbortController | null>(null);
  const end = useRef<HTMLDivElement>(null);
  const remove = useDeleteConversation(projectDbId);

  // the panel closing stops the answer in flight
  useEffect(() => () => aborter.current?.abort(), []);

  const shown = useMemo(() => {
    const stored: ShownTurn[] = [...(turns.data?.pages ?? [])].reverse().flatMap((p) =>
      p.turns.map((t) => ({
        key: t.turn_db_id,
        id: t.turn_db_id,
        role: t.role,
        text: t.content.text,
        state: t.status,
        sources: t.sources,
      })),
    );
    const ids = new Set(stored.map((t) => t.id));
    return [...stored, ...live.filter((t) => !t.id || !ids.has(t.id))];
  }, [turns.data, live]);

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [shown]);

  const configured = status.data?.configured === true;
  const canSubmit = configured && !busy;

  const open = (conversationDbId: string | null) => {
    setChosen(conversationDbId);
    setLive([]);
    setView('chat');
  };

  async function submit() {
    const text = value.trim();
    if (!text || !canSubmit) return;
    const n = ++seq;
    const botKey = `live-bot-${n}`;
    const userKey = `live-user-${n}`;
    const patch = (key: string, change: Partial<ShownTurn>) =>
      setLive((all) => all.map((t) => (t.key === key ? { ...t, ...change } : t)));
    setValue('');
    setBusy(true);
    setLive((all) => [
      ...all,
      { key: userKey, role: 'user', text, state: 'done', sources: [] },
      { key: botKey, role: 'system', text: '', state: 'pending', sources: [] },
    ]);
    const controller = new AbortController();
    aborter.current = controller;
    let streamed = '';
    const onEvent = (e: AiStreamEvent) => {
      if (e.event === 'start') {
        patch(userKey, { id: e.data.user_turn.turn_db_id });
        if (current !== e.data.conversation_db_id) setChosen(e.data.conversation_db_id);
      } else if (e.event === 'delta') {
        streamed += e.data.text;
        patch(botKey, { text: streamed, state: 'streaming' });
      } else if (e.event === 'done') {
        const t = e.data.turn;
        patch(botKey, { id: t.turn_db_id, text: t.content.text, state: 'done', sources: t.sources });
      } else {
        patch(botKey, { id: e.data.turn?.turn_db_id, text: e.data.message, state: 'error' });
      }
    };
    await streamAsk(
      { project_db_id: projectDbId, text, ...(current ? { conversation_db_id: current } : {}) },
      controller.signal,
      onEvent,
    );
    if (controller.signal.aborted) return;
    aborter.current = null;
    setBusy(false);
    void queryClient.invalidateQueries({ queryKey: aiKeys.conversations(projectDbId) });
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  const deleteConversation = (id: string) =>
    remove.mutate(id, {
      onSuccess: (data) => {
        toast.success(data.message);
        // the open conversation is gone: a new one starts (the list, if shown, stays)
        if (id === current) {
          setChosen(null);
          setLive([]);
        }
      },
      onError: (err) => showApiError(err),
    });

  if (view === 'history')
    return (
      <ConversationList
        list={conversations}
        current={current}
        onOpen={open}
        onDelete={deleteConversation}
        onBack={() => setView('chat')}
      />
    );

  return (
    <Stack gap="sm" h="calc(100dvh - 90px)">
      <Group justify="flex-end" gap={4}>
        <Tooltip label={AI_TEXT.newConversation}>
          <ActionIcon
            variant="subtle"
            aria-label={AI_TEXT.newConversation}
            onClick={() => open(null)}
            disabled={busy}
          >
            <IconPlus size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={AI_TEXT.history}>
          <ActionIcon
            variant="subtle"
            aria-label={AI_TEXT.history}
            onClick={() => setView('history')}
            disabled={busy}
          >
            <IconHistory size={18} />
          </ActionIcon>
        </Tooltip>
        {current && (
          <Tooltip label={AI_TEXT.deleteConversation}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={AI_TEXT.deleteConversation}
              onClick={() => deleteConversation(current)}
              disabled={busy || remove.isPending}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      {status.isSuccess && !configured && (
        <Alert color="gray" role="status">
          {AI_TEXT.notConfigured}
        </Alert>
      )}
      <ScrollArea style={{ flex: 1 }} type="auto" aria-label={AI_TEXT.panelTitle}>
        <Stack gap="sm" pr="xs">
          {turns.hasNextPage && (
            <Button
              variant="subtle"
              size="xs"
              onClick={() => void turns.fetchNextPage()}
              loading={turns.isFetchingNextPage}
            >
              {AI_TEXT.loadOlder}
            </Button>
          )}
          {shown.length === 0 && configured && (
            <Text size="sm" c="dimmed">
              {AI_TEXT.empty}
            </Text>
          )}
          {shown.map((t) => (
            <Turn key={t.key} turn={t} openBrief={openBrief} />
          ))}
          <div ref={end} />
        </Stack>
      </ScrollArea>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Textarea
          style={{ flex: 1 }}
          placeholder={AI_TEXT.placeholder}
          aria-label={AI_TEXT.question}
          autosize
          minRows={1}
          maxRows={5}
          maxLength={AI_QUESTION_MAX}
          value={value}
          disabled={!configured}
          onChange={(e) => setValue(e.currentTarget.value)}
          onKeyDown={onKeyDown}
        />
        <Button onClick={() => void submit()} disabled={!canSubmit} leftSection={<IconSend size={16} />}>
          {AI_TEXT.submit}
        </Button>
      </Group>
    </Stack>
  );
}
