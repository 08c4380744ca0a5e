import { Button, Group, SegmentedControl, Text } from '@mantine/core';
import { UI } from '@rushes/shared';

type Version = { ingest_db_id: string; version: number };

/**
 * The version switcher of a stack and the compare toggle, above the player: the same on
 * the review page and the members' player. Nothing shows for a single version.
 */
export function VersionBar({
  versions,
  current,
  onSwitch,
  compare,
  onCompare,
}: {
  versions: readonly Version[];
  current: string;
  onSwitch: (ingestDbId: string) => void;
  compare: boolean;
  /** absent when the file cannot be compared (not a video) */
  onCompare?: () => void;
}) {
  if (versions.length < 2) return null;
  return (
    <Group gap="xs">
      <Text size="sm" c="dimmed">
        {UI.versions}
      </Text>
      <SegmentedControl
        aria-label={UI.versions}
        value={current}
        onChange={onSwitch}
        data={versions.map((v) => ({ value: v.ingest_db_id, label: UI.versionLabel(v.version) }))}
      />
      {onCompare && (
        <Button size="xs" variant="default" onClick={onCompare}>
          {compare ? UI.closeCompare : UI.compareVersions}
        </Button>
      )}
    </Group>
  );
}
