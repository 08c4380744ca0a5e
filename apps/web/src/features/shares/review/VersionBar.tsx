import { Button, Group, SegmentedControl, Select, Text } from '@mantine/core';
import { UI, VERSIONS_TEXT, VERSION_BUTTONS_MAX } from '@rushes/shared';

type Version = { ingest_db_id: string; version: number; title?: string };

/**
 * The version switcher of a stack and the compare toggle, above the player: the same on
 * the review page and the members' player. A few versions are a row of buttons; a long
 * stack is a list naming each file. Nothing shows for a single version.
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
  const long = versions.length > VERSION_BUTTONS_MAX;
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm" c="dimmed">
        {UI.versions}
      </Text>
      {long ? (
        <Select
          aria-label={UI.versions}
          placeholder={VERSIONS_TEXT.chooseVersion}
          size="xs"
          allowDeselect={false}
          value={current}
          onChange={(id) => id && onSwitch(id)}
          data={[...versions].reverse().map((v) => ({
            value: v.ingest_db_id,
            label: v.title
              ? VERSIONS_TEXT.versionNamed(UI.versionLabel(v.version), v.title)
              : UI.versionLabel(v.version),
          }))}
          w={280}
        />
      ) : (
        <SegmentedControl
          aria-label={UI.versions}
          value={current}
          onChange={onSwitch}
          data={versions.map((v) => ({ value: v.ingest_db_id, label: UI.versionLabel(v.version) }))}
        />
      )}
      {onCompare && (
        <Button size="xs" variant="default" onClick={onCompare} aria-pressed={compare}>
          {compare ? UI.closeCompare : UI.compareVersions}
        </Button>
      )}
    </Group>
  );
}
