import { Badge } from '@mantine/core';
import { IconLock, IconSend, IconTrash } from '@tabler/icons-react';
import { UI, type ProjectMember } from '@rushes/shared';
import { InviteRow, PersonRow, RowAction } from '../../ui/PersonRow.tsx';

interface CollaboratorRowProps {
  member: ProjectMember;
  isSelf: boolean;
  /** can_manage_project, not oneself, not the creator. */
  onPermissions: ((member: ProjectMember) => void) | null;
  /** can_add_update_collaborators, not oneself, not the creator. */
  onRemove: ((member: ProjectMember) => void) | null;
}

/** A project member: avatar, name, role badge, and the actions the caller may take; the name opens the permissions too. */
export function CollaboratorRow({ member, isSelf, onPermissions, onRemove }: CollaboratorRowProps) {
  const secondary = member.user_badge && (
    <Badge size="xs" variant="outline" color="grape" tt="none" style={{ alignSelf: 'flex-start' }}>
      {member.user_badge}
    </Badge>
  );
  return (
    <PersonRow
      name={member.name}
      color={member.user_badge_color}
      isSelf={isSelf}
      secondary={secondary}
      onOpen={onPermissions ? () => onPermissions(member) : undefined}
    >
      {onPermissions && (
        <RowAction
          tooltip={UI.collaboratorPermissionsTitle}
          label={UI.permissionsOf(member.name)}
          onClick={() => onPermissions(member)}
        >
          <IconLock size={16} />
        </RowAction>
      )}
      {onRemove && (
        <RowAction
          tooltip={UI.remove}
          label={UI.removeMember(member.name)}
          color="red"
          onClick={() => onRemove(member)}
        >
          <IconTrash size={16} />
        </RowAction>
      )}
    </PersonRow>
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
    <InviteRow email={email} status={UI.invited}>
      {onResend && (
        <RowAction
          tooltip={UI.resendInvite}
          label={UI.resendInviteTo(email)}
          loading={resending}
          onClick={() => onResend(email)}
        >
          <IconSend size={16} />
        </RowAction>
      )}
      {onRemove && (
        <RowAction
          tooltip={UI.remove}
          label={UI.removeMember(email)}
          color="red"
          onClick={() => onRemove(email)}
        >
          <IconTrash size={16} />
        </RowAction>
      )}
    </InviteRow>
  );
}
