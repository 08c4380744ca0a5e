import { Button, CloseButton, Group, Paper, Text } from '@mantine/core';
import type { AssetItem } from '@rushes/shared';
import { UI } from '@rushes/shared';
import { ASSET_ACTIONS, type AssetActionEnv } from './actions.ts';

/** The toolbar over a selection: the count and the same actions as the right-click menu. */
export function SelectionToolbar({
  assets,
  env,
  onClear,
}: {
  assets: AssetItem[];
  env: AssetActionEnv;
  onClear: () => void;
}) {
  if (assets.length === 0) return null;
  return (
    <Paper
      withBorder
      radius="md"
      px="xs"
      py={4}
      role="toolbar"
      aria-label={UI.selectionToolbar}
      bg="var(--mantine-color-gray-0)"
    >
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Group gap="xs" wrap="nowrap">
          <CloseButton size="sm" aria-label={UI.clearSelection} onClick={onClear} />
          <Text size="sm" fw={500}>
            {UI.selectedCount(assets.length)}
          </Text>
        </Group>
        <Group gap={4} wrap="wrap" justify="flex-end">
          {ASSET_ACTIONS.map((action) => (
            <Button
              key={action.id}
              size="compact-sm"
              variant="subtle"
              color={action.color ?? 'gray'}
              leftSection={<action.icon size={16} />}
              disabled={!action.enabled(env, assets)}
              onClick={() => action.run(env, assets)}
            >
              {action.label}
            </Button>
          ))}
        </Group>
      </Group>
    </Paper>
  );
}
