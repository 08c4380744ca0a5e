import { MSG, UI } from '@rushes/shared';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { toast } from '../../ui/toast.ts';
import { useRefreshTeams, useRemoveMember } from './api.ts';

/** Who is being removed: a member (by id) or a pending invite (by e-mail). */
export type RemovalTarget =
  { kind: 'user'; user_db_id: string; name: string } | { kind: 'email'; email: string };

const nameOf = (target: RemovalTarget) => (target.kind === 'user' ? target.name : target.email);

/**
 * The delete-team-user dialog (spec 002 §2 Other): removes one member (by id) or pending invite
 * (by e-mail) through the members PUT. The dialog closes either way and shows the server's
 * message (spec 002 §8): 'Member removed successfully', or the refusal.
 */
export function RemoveMemberDialog({
  teamDbId,
  target,
  onClose,
}: {
  teamDbId: string;
  target: RemovalTarget | null;
  onClose: () => void;
}) {
  const refresh = useRefreshTeams();
  const remove = useRemoveMember({
    onSuccess: (data) => toast.success(data.message || MSG.memberRemoved),
    onSettled: () => {
      onClose();
      void refresh();
    },
  });

  return (
    <ConfirmDialog
      opened={target !== null}
      title={UI.removeMemberTitle}
      message={target ? UI.removeMemberConfirm(nameOf(target)) : ''}
      loading={remove.isPending}
      onConfirm={() =>
        target &&
        remove.mutate({
          team_id: teamDbId,
          ...(target.kind === 'user' ? { user_db_id: target.user_db_id } : { user_email: target.email }),
        })
      }
      onClose={onClose}
    />
  );
}
