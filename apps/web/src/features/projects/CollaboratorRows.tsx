import { ActionIcon, Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconLock, IconSend, IconTrash } from '@tabler/icons-react';
import { UI, type ProjectMember } from '@rushes/shared';
import { MemberAvatar } from '../teams/MemberAvatar.tsx';

interface CollaboratorRowProps {
  member: ProjectMember;
  isSelf: boolean;
  /** can_manage_project, not oneself, not the creator. */
  onPermissions: ((member: ProjectMember) => void) | null;
  /** can_add_update_collaborators, not oneself, not the creator. */
  onRemove: ((member: ProjectMember) => void) | null;
}

/** A project member: avatar, name, role badge, and the actions the caller may take. */
export function CollaboratorRow({ member, isSelf, onPermissions, onRemove }: CollaboratorRowProps) {
  return (
    <Group wrap="nowrap" gap="sm" component="li" aria-label={member.name}>
      <MemberAvatar name={member.name} color={member.user_badge_color} size={34} />
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
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
        {member.user_badge && (
          <Badge size="xs" variant="outline" color="grape" tt="none" style={{ alignSelf: 'flex-start' }}>
            {member.user_badge}
          </Badge>
        )}
      </Stack>
      <Group gap={4} wrap="nowrap">
        {onPermissions && (
          <Tooltip label={UI.collaboratorPermissionsTitle}>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={UI.permissionsOf(member.name)}
              onClick={() => onPermissions(member)}
            >
              <IconLock size={16} />
            </ActionIcon>
          </Tooltip>
        )}
        {onRemove && (
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
        )}
      </Group>
    </Group>
  );
}

/** An invited e-mail: 'Invited', resend and remove for those who manage collaborators. */
export function InvitedRow({
  email,
  onResend,
  onRemove,
  resending,
}: {
  email: string;
  onResend: ((email: string) => void) | null;
  onRemove: ((email: string) => void) | null;
  resending: boolean;
}) {
  return (
    <Group wrap="nowrap" gap="sm" component="li" aria-label={email}>
      <Text size="sm" style={{ flex: 1, minWidth: 0 }} truncate="end">
        {email}
      </Text>
      <Badge size="sm" variant="light" color="yellow" tt="none">
        {UI.invited}
      </Badge>
      {onResend && (
        <Tooltip label={UI.resendInvite}>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={UI.resendInviteTo(email)}
            loading={resending}
            onClick={() => onResend(email)}
          >
            <IconSend size={16} />
          </ActionIcon>
        </Tooltip>
      )}
      {onRemove && (
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
