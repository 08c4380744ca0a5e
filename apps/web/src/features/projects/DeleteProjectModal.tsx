import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { MSG, UI } from '@rushes/shared';
import { PATHS } from '../../app/paths.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { toast } from '../../ui/toast.ts';
import { assetKeys } from '../assets/api.ts';
import { projectKeys, useDeleteProject } from './api.ts';
import { removeFromTrays } from './trayCache.ts';

interface DeleteProjectProps {
  opened: boolean;
  project: { project_db_id: string; title: string };
  onClose: () => void;
  /** After a deletion (e.g. to close the Manage Project panel it was opened from). */
  onDeleted?: () => void;
}

/** The delete-project modal (spec 000 §2): 'Project deleted successfully', then home (/). */
export function DeleteProjectModal({ opened, project, onClose, onDeleted }: DeleteProjectProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useDeleteProject({
    onSuccess: (data) => {
      toast.success(data.message || MSG.projectDeleted);
      onClose();
      onDeleted?.();
      removeFromTrays(queryClient, project.project_db_id);
      void navigate(PATHS.home, { replace: true });
      queryClient.removeQueries({ queryKey: projectKeys.project(project.project_db_id) });
      queryClient.removeQueries({ queryKey: assetKeys.project(project.project_db_id) });
    },
  });

  return (
    <ConfirmDialog
      opened={opened}
      title={UI.deleteProjectTitle}
      message={UI.deleteProjectConfirm(project.title)}
      confirmLabel={UI.delete}
      loading={remove.isPending}
      onConfirm={() => remove.mutate({ project_db_id: project.project_db_id })}
      onClose={onClose}
    />
  );
}
