import { Text } from '@mantine/core';
import { IconLock, IconTrash } from '@tabler/icons-react';
import { UI, type TeamMember } from '@rushes/shared';
import { InviteRow, PersonRow, RowAction } from '../../ui/PersonRow.tsx';

interface MemberRowProps {
  member: TeamMember;
  isSelf: boolean;
  /** Admin actions; none for non-admins, and no removal of oneself (spec 002 §6). */
  canManage: boolean;
  onPermissions: (member: TeamMember) => void;
  onRemove: (member: TeamMember) => void;
}

/** One member in the team members panel: avatar, name, e-mail, and the admin's actions; for admins the name opens the permissions too. */
export function MemberRow({ member, isSelf, canManage, onPermissions, onRemove }: MemberRowProps) {
  const secondary = (
    <Text size="xs" c="dimmed" truncate="end">
      {member.email}
    </Text>
  );
  return (
    <PersonRow
      name={member.name}
      color={member.user_badge_color}
      isSelf={isSelf}
      secondary={secondary}
      onOpen={canManage && !isSelf ? () => onPermissions(member) : undefined}
    >
      {canManage && !isSelf && (
        <>
          <RowAction
            tooltip={UI.memberPermissions}
            label={UI.permissionsOf(member.name)}
            onClick={() => onPermissions(member)}
          >
            <IconLock size={16} />
          </RowAction>
          <RowAction
            tooltip={UI.remove}
            label={UI.removeMember(member.name)}
            color="red"
            onClick={() => onRemove(member)}
          >
            <IconTrash size={16} />
          </RowAction>
        </>
      )}
    </PersonRow>
  );
}

/** A pending invite: a bare e-mail with a 'Pending' badge (spec 002 §3). */
export function PendingInviteRow({
  email,
  canManage,
  onRemove,
}: {
  email: string;
  canManage: boolean;
  onRemove: (email: string) => void;
}) {
  return (
    <InviteRow email={email} status={UI.pending}>
      {canManage && (
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
