import { ActionIcon, Badge, Button, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import { UI } from '@rushes/shared';
import { UPLOAD_DOCK_ID, uploadDock } from './uploadDock.ts';
import { isUnfinished, uploadActions, useUploadItems } from './uploadItems.ts';
import { UploadRow } from './UploadRow.tsx';

const closeOnEscape = (event: KeyboardEvent) => {
  if (event.key === 'Escape') uploadDock.close();
};

/**
 * The upload status list (spec 002 §2, §3, §4), one row per upload of this tab, docked at the right
 * below the top bar. It takes its own column (the page narrows), so it never covers the project
 * header's buttons or anything else the user needs while uploads run (docs/decisions/0014-behaviours-settled-by-user-trial.md).
 */
export function UploadDock() {
  const items = useUploadItems();
  const active = items.filter(isUnfinished).length;
  const done = items.some((i) => i.status === 'finished' || i.status === 'cancelled');
  return (
    <Stack
      id={UPLOAD_DOCK_ID}
      role="dialog"
      aria-modal={false}
      aria-label={UI.uploadsMenu}
      gap="xs"
      p="md"
      h="100%"
      onKeyDown={closeOnEscape}
    >
      <Group justify="space-between" wrap="nowrap">
        <Group gap={6}>
          <Text fw={600} size="sm">
            {UI.uploadsMenu}
          </Text>
          {active > 0 && (
            <Badge size="sm" variant="light">
              {active}
            </Badge>
          )}
        </Group>
        <Group gap={4} wrap="nowrap">
          {done && (
            <Button size="compact-xs" variant="subtle" onClick={uploadActions.clearDone}>
              {UI.clearFinished}
            </Button>
          )}
          <ActionIcon variant="subtle" color="gray" aria-label={UI.close} onClick={uploadDock.close}>
            <IconX size={16} />
          </ActionIcon>
        </Group>
      </Group>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {UI.noUploads}
        </Text>
      ) : (
        <ScrollArea type="auto" offsetScrollbars style={{ flex: 1 }}>
          <Stack gap="sm" role="list" aria-label={UI.uploadsMenu}>
            {items.map((item) => (
              <UploadRow key={`${item.id}-${item.status === 'cancelled' ? 'x' : ''}`} item={item} />
            ))}
          </Stack>
        </ScrollArea>
      )}
    </Stack>
  );
}
