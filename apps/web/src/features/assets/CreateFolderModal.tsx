import { Button, Group, Modal, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { MSG, UI, folderName } from '@rushes/shared';
import { fieldErrorsOf } from '../../api/client.ts';
import { showApiError } from '../../app/apiErrors.ts';
import { Form } from '../../ui/Form.tsx';
import { toast } from '../../ui/toast.ts';
import { useCreateFolder } from './api.ts';
import { projectPath, STORYBOARD_TAB } from '../projects/paths.ts';

interface CreateFolderProps {
  projectDbId: string;
  /** The folder to create it in; null: the project root. */
  parentDbId: string | null;
  onClose: () => void;
}

function CreateFolderForm({ projectDbId, parentDbId, onClose }: CreateFolderProps) {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const create = useCreateFolder({
    meta: { silent: true },
    onError: (err) => {
      const fields = fieldErrorsOf(err);
      const message = fields && Object.values(fields)[0];
      if (message) setError(message);
      else showApiError(err);
    },
    onSuccess: (data) => {
      toast.success(data.message || MSG.folderCreated);
      onClose();
      // spec 000 §2: the user lands in the new folder
      void navigate(projectPath(projectDbId, data.ingest_db_id, STORYBOARD_TAB));
    },
  });

  return (
    <Form
      aria-label={UI.createFolderTitle}
      onSubmit={() => {
        const parsed = folderName().safeParse(name);
        if (!parsed.success) setError(parsed.error.issues[0]?.message ?? MSG.required);
        else
          create.mutate({
            project_db_id: projectDbId,
            folder_db_id: parentDbId,
            data: {
              upload_status: 'started',
              file_info: { filename: parsed.data, extension: '', size: 0, mime_type: '' },
            },
          });
      }}
    >
      <TextInput
        label={UI.folderName}
        placeholder={UI.folderNamePlaceholder}
        value={name}
        error={error}
        data-autofocus
        autoComplete="off"
        onChange={(event) => {
          setName(event.currentTarget.value);
          setError(null);
        }}
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

/** The create-folder modal (spec 000 §2, §5): required, no special characters, at most 100 characters. */
export function CreateFolderModal({ opened, ...props }: CreateFolderProps & { opened: boolean }) {
  return (
    <Modal opened={opened} onClose={props.onClose} title={UI.createFolderTitle} centered>
      {opened && <CreateFolderForm {...props} />}
    </Modal>
  );
}
