import { Button, Group, Modal, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { MSG, UI, type AssetItem } from '@rushes/shared';
import { Form } from '../../ui/Form.tsx';
import { toast } from '../../ui/toast.ts';
import { useCopyMoveAssets, useDestinationProjects } from './api.ts';
import { DestinationFolders } from './DestinationFolders.tsx';

interface CopyMoveProps {
  action: 'copy' | 'move';
  projectDbId: string;
  /** The folder the assets are in: the browser starts there when the destination is this project. */
  currentFolderDbId: string | null;
  assets: AssetItem[];
  onClose: () => void;
  onDone: () => void;
}

function CopyMoveForm({ action, projectDbId, currentFolderDbId, assets, onClose, onDone }: CopyMoveProps) {
  const projects = useDestinationProjects(action);
  const [destination, setDestination] = useState<string | null>(null);
  const [folder, setFolder] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const sourceFolderIds = assets.filter((a) => a.is_folder).map((a) => a.ingest_db_id);
  const chosen = projects.data?.find((p) => p.project_db_id === destination);

  const run = useCopyMoveAssets({
    onSuccess: (data) => {
      toast.success(data.message || (action === 'copy' ? MSG.assetsCopied : MSG.assetsMoved));
      onDone();
      onClose();
    },
  });

  return (
    <Form
      aria-label={action === 'copy' ? UI.copyAssetsTitle : UI.moveAssetsTitle}
      onSubmit={() => {
        if (!destination) setError(MSG.required);
        else
          run.mutate({
            ingest_db_ids: assets.map((a) => a.ingest_db_id),
            action,
            destination_project_db_id: destination,
            destination_folder_db_id: folder,
            source_project_db_id: projectDbId,
          });
      }}
    >
      <Text size="sm" c="dimmed">
        {UI.selectedCount(assets.length)}
      </Text>
      <Select
        label={UI.destinationProject}
        placeholder={UI.chooseProject}
        data={(projects.data ?? []).map((p) => ({ value: p.project_db_id, label: p.title }))}
        value={destination}
        error={error}
        searchable
        nothingFoundMessage={MSG.noRecordFound}
        comboboxProps={{ withinPortal: false }}
        disabled={projects.isPending}
        onChange={(value) => {
          setDestination(value);
          setFolder(value === projectDbId ? currentFolderDbId : null);
          setError(null);
        }}
      />
      {chosen && (
        <DestinationFolders
          action={action}
          projectDbId={chosen.project_db_id}
          projectTitle={chosen.title}
          folderDbId={folder}
          sourceFolderIds={sourceFolderIds}
          onFolder={setFolder}
        />
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {UI.cancel}
        </Button>
        <Button type="submit" loading={run.isPending}>
          {action === 'copy' ? UI.copyHere : UI.moveHere}
        </Button>
      </Group>
    </Form>
  );
}

/**
 * The copy-or-move modal (spec 000 §2, §5, §7): a destination project (required, among those the
 * user may write into), then a folder chosen by browsing; the project root when none is opened.
 */
export function CopyMoveModal({ opened, ...props }: CopyMoveProps & { opened: boolean }) {
  return (
    <Modal
      opened={opened}
      onClose={props.onClose}
      title={props.action === 'copy' ? UI.copyAssetsTitle : UI.moveAssetsTitle}
      centered
    >
      {opened && <CopyMoveForm {...props} />}
    </Modal>
  );
}
