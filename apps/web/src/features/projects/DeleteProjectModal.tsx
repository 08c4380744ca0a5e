import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { API, MSG, UI } from '@rushes/shared';
import { api } from '../../api/client.ts';
import { PATHS } from '../../app/paths.ts';
import { toast } from '../../ui/toast.ts';
import { assetKeys } from '../assets/api.ts';
import { projectKeys } from './api.ts';
import { removeFromTrays } from './trayCache.ts';

interface DeleteProjectProps {
  opened: boolean;
  project: { project_db_id: string; title: string };
  onClose: () => void;
}

/** The delete-project modal (spec 000 §2): 'Project deleted successfully', then home (/). */
export function DeleteProjectModal({ opened, project, onClose }: DeleteProjectProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: () =>
      api.delete<{ message: string }>(API.projects.root, { project_db_id: project.project_db_id }),
    onSuccess: (data) => {
      toast.success(data.message || MSG.projectDeleted);
      onClose();
      removeFromTrays(queryClient, project.project_db_id);
      void navigate(PATHS.home, { replace: true });
      queryClient.removeQueries({ queryKey: projectKeys.project(project.project_db_id) });
      queryClient.removeQueries({ queryKey: assetKeys.project(project.project_db_id) });
    },
  });

  return (
    <Modal opened={opened} onClose={onClose} title={UI.deleteProjectTitle} centered>
      <Stack gap="md">
        <Text size="sm">{UI.deleteProjectConfirm(project.title)}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {UI.cancel}
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
            {UI.delete}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
