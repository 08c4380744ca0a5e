import { Avatar, Group, Text } from '@mantine/core';
import { IdleTooltip } from '../../ui/IdleTooltip.tsx';
import { AVATAR_STACK_MAX, UI } from '@rushes/shared';
import type { AvatarPerson } from './api.ts';
import { MemberAvatar } from '../../ui/MemberAvatar.tsx';

/** Members as a stack of at most AVATAR_STACK_MAX avatars and the count (spec 002 §2, §9). */
export function AvatarStack({ people, count }: { people: readonly AvatarPerson[]; count: number }) {
  const shown = people.slice(0, AVATAR_STACK_MAX);
  return (
    <Group gap="xs" wrap="nowrap">
      {shown.length > 0 && (
        <Avatar.Group spacing={4}>
          {shown.map((person) => (
            <IdleTooltip key={person.user_db_id} label={person.name} withArrow>
              <MemberAvatar name={person.name} color={person.user_badge_color} size={28} />
            </IdleTooltip>
          ))}
        </Avatar.Group>
      )}
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {UI.memberCount(count)}
      </Text>
    </Group>
  );
}
