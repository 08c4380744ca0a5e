import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { WEBHOOK_TEXT as T } from '@rushes/shared';
import { CopyIconButton } from '../../ui/CopyIconButton.tsx';

/** The signing secret, shown once (after adding an endpoint or rotating its secret). */
export function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  return (
    <Modal opened={secret !== null} onClose={onClose} title={T.secretTitle} centered>
      <Stack gap="md">
        <Alert color="yellow">{T.secretOnce}</Alert>
        <Group gap="xs" wrap="nowrap">
          <Code data-testid="webhook-secret" style={{ wordBreak: 'break-all', flex: 1 }}>
            {secret}
          </Code>
          <CopyIconButton value={secret ?? ''} label={T.copy} />
        </Group>
        <Text size="xs" c="dimmed">
          Rushes-Signature: t=&lt;unix time&gt;,v1=&lt;HMAC-SHA256 of “t.body”&gt;
        </Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>{T.done}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
