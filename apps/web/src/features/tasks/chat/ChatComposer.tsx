import { ActionIcon, Group, TextInput } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { CHAT_MESSAGE_MAX, MSG, UI } from '@rushes/shared';

interface ChatComposerProps {
  sending: boolean;
  disabled?: boolean;
  /** Sends the trimmed text; resolves true when stored (the input then clears). */
  onSend: (text: string) => Promise<boolean>;
}

/**
 * The chat input (spec 000 §5, §9): 'Type your message', typing limited to fewer than 102
 * characters, and a message goes only when its plain text is non-empty.
 */
export function ChatComposer({ sending, disabled = false, onSend }: ChatComposerProps) {
  const [text, setText] = useState('');
  const trimmed = text.trim();

  const submit = async () => {
    if (!trimmed || sending || disabled) return;
    if (await onSend(trimmed)) setText('');
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
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
        <ActionIcon
          type="submit"
          size="lg"
          aria-label={UI.sendMessage}
          disabled={!trimmed || disabled}
          loading={sending}
        >
          <IconSend size={18} />
        </ActionIcon>
      </Group>
    </form>
  );
}
