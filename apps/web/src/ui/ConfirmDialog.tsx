import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { UI } from '@rushes/shared';

/** A small confirm dialog: a sentence, Cancel, and a red confirm button (removals, deletions). */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel = UI.remove,
  loading,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="md">
        <Text size="sm">{message}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {UI.cancel}
          </Button>
          <Button color="red" loading={loading} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
