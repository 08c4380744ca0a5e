import { ActionIcon, Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconLock, IconTrash } from '@tabler/icons-react';
import { UI, type TeamMember } from '@rushes/shared';
import { MemberAvatar } from './MemberAvatar.tsx';

interface MemberRowProps {
  member: TeamMember;
  isSelf: boolean;
  /** Admin actions; none for non-admins, and no removal of oneself (spec 002 §6). */
  canManage: boolean;
  onPermissions: (member: TeamMember) => void;
  onRemove: (member: TeamMember) => void;
}

/** One member in the team members panel: avatar, name, e-mail, and the admin's actions. */
export function MemberRow({ member, isSelf, canManage, onPermissions, onRemove }: MemberRowProps) {
  return (
    <Group wrap="nowrap" gap="sm" component="li" aria-label={member.name}>
      <MemberAvatar name={member.name} color={member.user_badge_color} size={34} />
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={500} truncate="end">
            {member.name}
          </Text>
          {isSelf && (
            <Badge size="xs" variant="light" tt="none">
              {UI.you}
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed" truncate="end">
          {member.email}
        </Text>
      </Stack>
      {canManage && !isSelf && (
        <Group gap={4} wrap="nowrap">
          <Tooltip label={UI.memberPermissions}>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={UI.permissionsOf(member.name)}
              onClick={() => onPermissions(member)}
            >
              <IconLock size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={UI.remove}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={UI.removeMember(member.name)}
              onClick={() => onRemove(member)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      )}
    </Group>
  );
}

/** A pending invite: a bare e-mail with a 'Pending' badge (spec 002 §3). */
export function InviteRow({
  email,
  canManage,
  onRemove,
}: {
  email: string;
  canManage: boolean;
  onRemove: (email: string) => void;
}) {
  return (
    <Group wrap="nowrap" gap="sm" component="li" aria-label={email}>
      <Text size="sm" style={{ flex: 1, minWidth: 0 }} truncate="end">
        {email}
      </Text>
      <Badge size="sm" variant="light" color="yellow" tt="none">
        {UI.pending}
      </Badge>
      {canManage && (
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={UI.removeMember(email)}
          onClick={() => onRemove(email)}
        >
          <IconTrash size={16} />
        </ActionIcon>
      )}
    </Group>
  );
}
