import { ActionIcon, Button, Group, TextInput, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MSG, UI, renameProjectBody, type ProjectInfo } from '@rushes/shared';
import { showApiError } from '../../app/apiErrors.ts';
import { Form } from '../../ui/Form.tsx';
import { toast } from '../../ui/toast.ts';
import { useZodForm } from '../../ui/useZodForm.ts';
import { projectKeys, useRenameProject } from './api.ts';

const schema = renameProjectBody.pick({ title: true });

/** The open editor: the field enabled with Save and Cancel; the spec's name rules (002 §5). */
function Editor({ info, onDone }: { info: ProjectInfo; onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useZodForm(schema, { title: info.title });
  const rename = useRenameProject({
    meta: { silent: true },
    onError: (error) => {
      if (!form.applyServerErrors(error)) showApiError(error);
    },
    onSuccess: (data) => {
      toast.success(data.message || MSG.projectUpdated);
      queryClient.setQueryData<ProjectInfo>(projectKeys.info(info.project_db_id), (old) =>
        old ? { ...old, title: data.title } : old,
      );
      onDone();
    },
  });
  return (
    <Form
      aria-label={UI.projectName}
      gap="xs"
      onSubmit={() => {
        const parsed = form.validate();
        if (parsed) rename.mutate({ project_db_id: info.project_db_id, title: parsed.title });
      }}
    >
      <TextInput label={UI.projectName} autoComplete="off" autoFocus {...form.field('title')} />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone}>
          {UI.cancel}
        </Button>
        <Button type="submit" loading={rename.isPending}>
          {UI.save}
        </Button>
      </Group>
    </Form>
  );
}

/**
 * The project name in Manage Project. Shown disabled (spec 002 §5) until a can_manage_project
 * holder presses Edit; it always shows the current name, so a rename elsewhere refills it.
 */
export function ProjectNameForm({ info, canEdit }: { info: ProjectInfo; canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  if (editing) return <Editor info={info} onDone={() => setEditing(false)} />;
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <TextInput label={UI.projectName} value={info.title} disabled readOnly style={{ flex: 1 }} />
      {canEdit && (
        <Tooltip label={UI.editProjectName}>
          <ActionIcon
            variant="default"
            size={36}
            aria-label={UI.editProjectName}
            onClick={() => setEditing(true)}
          >
            <IconPencil size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
