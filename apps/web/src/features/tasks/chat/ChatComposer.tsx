import { ActionIcon, Group, Stack, TextInput } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { CHAT_MESSAGE_MAX, MSG, UI } from '@rushes/shared';
import { PendingMessages } from '../../../ui/PendingMessages.tsx';
import { restoreText, useSendQueue } from '../../../ui/useSendQueue.ts';

interface ChatComposerProps {
  disabled?: boolean;
  /** Sends the trimmed text; rejects when it was not stored. */
  onSend: (text: string) => Promise<unknown>;
}

/**
 * The chat input (spec 000 §5, §9): 'Type your message', typing limited to fewer than 102
 * characters, and a message goes only when its plain text is non-empty. Enter queues the message
 * and clears the input at once; queued messages go in order ('Sending…' above the input), so the
 * next one can be typed during a send. A failed send puts its text (and those queued after it)
 * back in front of what is in the input: nothing typed is lost.
 */
export function ChatComposer({ disabled = false, onSend }: ChatComposerProps) {
  const [text, setText] = useState('');
  const trimmed = text.trim();
  const queue = useSendQueue(onSend, (failed: string[]) =>
    setText((current) => restoreText(failed, current)),
  );

  const submit = () => {
    if (!trimmed || disabled) return;
    queue.enqueue(trimmed);
    setText('');
  };

  return (
    <Stack gap={4}>
      <PendingMessages texts={queue.pending} />
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Group gap="xs" wrap="nowrap">
          <TextInput
            aria-label={MSG.typeYourMessage}
            placeholder={MSG.typeYourMessage}
            value={text}
            maxLength={CHAT_MESSAGE_MAX}
            disabled={disabled}
            autoComplete="off"
            onChange={(event) => setText(event.currentTarget.value.slice(0, CHAT_MESSAGE_MAX))}
            style={{ flex: 1 }}
          />
          <ActionIcon type="submit" size="lg" aria-label={UI.sendMessage} disabled={!trimmed || disabled}>
            <IconSend size={18} />
          </ActionIcon>
        </Group>
      </form>
    </Stack>
  );
}
