import { Group, Loader, Stack, Text } from '@mantine/core';
import { UI } from '@rushes/shared';

/** Messages queued by a chat input and not yet stored, shown dimmed above it ('Sending…'). */
export function PendingMessages({ texts }: { texts: readonly string[] }) {
  if (texts.length === 0) return null;
  return (
    <Stack gap={2} aria-label={UI.sendingMessages} role="status" data-testid="chat-pending">
      {texts.map((text, i) => (
        <Group key={i} gap={6} wrap="nowrap">
          <Loader size={10} />
          <Text size="xs" c="dimmed" truncate="end" data-pending-message>
            {text}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
