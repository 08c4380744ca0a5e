import { Stack, Text } from '@mantine/core';
import { MSG } from '@rushes/shared';
import type { PanelBaseProps } from '../../app/panels/registry.ts';

export interface TeamListPanelProps {
  /** Whose teams these are (shown above the list). */
  name: string;
  teams: string[];
}

/** The team list panel (spec 002 §2): every team a member belongs to, from the Members tab. */
export default function TeamListPanel({ name, teams }: TeamListPanelProps & PanelBaseProps) {
  return (
    <Stack gap="xs">
      <Text fw={600}>{name}</Text>
      {teams.length === 0 && <Text c="dimmed">{MSG.noRecordFound}</Text>}
      <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {teams.map((team, index) => (
          <Text key={`${team}-${index}`} component="li" size="sm">
            {team}
          </Text>
        ))}
      </Stack>
    </Stack>
  );
}
