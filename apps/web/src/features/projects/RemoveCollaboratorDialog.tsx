import { useQueryClient } from '@tanstack/react-query';
import { UI, roleDeleted, roleTitle, type MemberRole } from '@rushes/shared';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { toast } from '../../ui/toast.ts';
import { projectKeys, useRemoveCollaborator } from './api.ts';

/** Who is being removed: a member (by id) or an invitation (by e-mail), and in which role. */
export type CollaboratorRemoval =
  | { kind: 'user'; role: MemberRole; user_db_id: string; name: string }
  | { kind: 'email'; role: MemberRole; email: string };

const nameOf = (t: CollaboratorRemoval) => (t.kind === 'user' ? t.name : t.email);

/** Confirms and removes a member or an invitation: '<Role> deleted successfully' (spec 002 §8). */
export function RemoveCollaboratorDialog({
  projectDbId,
  target,
  onClose,
}: {
  projectDbId: string;
  target: CollaboratorRemoval | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const remove = useRemoveCollaborator({
    onSuccess: (data, t) => {
      toast.success(data.message || roleDeleted(roleTitle(t.role)));
      onClose();
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: projectKeys.members(projectDbId) }),
  });

  return (
    <ConfirmDialog
      opened={target !== null}
      title={UI.removeCollaboratorTitle}
      message={target ? UI.removeCollaboratorConfirm(nameOf(target)) : ''}
      loading={remove.isPending}
      onConfirm={() =>
        target &&
        remove.mutate({
          project_db_id: projectDbId,
          role: target.role,
          ...(target.kind === 'user' ? { user_db_id: target.user_db_id } : { user_email: target.email }),
        })
      }
      onClose={onClose}
    />
  );
}
