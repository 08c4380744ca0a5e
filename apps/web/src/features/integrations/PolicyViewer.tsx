import { Code, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { CopyIconButton } from '../../ui/CopyIconButton.tsx';

/** A policy JSON in a viewer 17rem tall (spec 002 §9), with a copy button. */
export function PolicyViewer({ label, json }: { label: string; json: string }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <CopyIconButton value={json} label={label} />
      </Group>
      <ScrollArea
        h="17rem"
        type="auto"
        aria-label={label}
        style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }}
      >
        <Code block style={{ whiteSpace: 'pre', minHeight: '17rem' }}>
          {json}
        </Code>
      </ScrollArea>
    </Stack>
  );
}
