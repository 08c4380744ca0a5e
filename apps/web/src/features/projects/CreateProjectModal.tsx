import { Button, Group, Modal, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { MSG, UI, createProjectBody } from '@rushes/shared';
import { useSelectedTeam } from '../../api/currentUser.ts';
import { showApiError } from '../../app/apiErrors.ts';
import { Form } from '../../ui/Form.tsx';
import { toast } from '../../ui/toast.ts';
import { useZodForm } from '../../ui/useZodForm.ts';
import { useCreateProject } from './api.ts';
import { addToTray } from './trayCache.ts';

/** The name rules of the shared contract (002 §5); the team comes from the switcher. */
const schema = createProjectBody.pick({ title: true });

function CreateProjectForm({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const { team } = useSelectedTeam();
  const form = useZodForm(schema, { title: '' });

  const create = useCreateProject({
    // field errors show inline; a plan limit opens the upgrade modal; the rest is a toast
    meta: { silent: true },
    onError: (error) => {
      if (!form.applyServerErrors(error)) showApiError(error);
    },
    onSuccess: (data) => {
      toast.success(data.message || MSG.projectCreated);
      addToTray(queryClient, 'my_projects', data.project);
      onClose();
    },
  });

  return (
    <Form
      aria-label={UI.createProjectTitle}
      onSubmit={() => {
        const parsed = form.validate();
        if (parsed) create.mutate({ team_db_id: team?.team_db_id, title: parsed.title });
      }}
    >
      <TextInput
        label={UI.projectName}
        placeholder={UI.projectNamePlaceholder}
        data-autofocus
        autoComplete="off"
        {...form.field('title')}
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {UI.cancel}
        </Button>
        <Button type="submit" loading={create.isPending}>
          {UI.create}
        </Button>
      </Group>
    </Form>
  );
}

/** The 'Create Project' modal (spec 002 §5): the name rules of the shared schema, in the selected team. */
export function CreateProjectModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={UI.createProjectTitle} centered>
      {opened && <CreateProjectForm onClose={onClose} />}
    </Modal>
  );
}
