import { Button, Group, List, Modal, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { MSG, UI, deleteAssetsBody, type AssetItem } from '@rushes/shared';
import { Form } from '../../ui/Form.tsx';
import { toast } from '../../ui/toast.ts';
import { useDeleteAssets } from './api.ts';

interface DeleteAssetsProps {
  projectDbId: string;
  assets: AssetItem[];
  onClose: () => void;
  onDone: () => void;
}

/** Titles shown in the confirmation; the rest as a count. */
const SHOWN = 5;

function DeleteAssetsForm({ projectDbId, assets, onClose, onDone }: DeleteAssetsProps) {
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);

  const remove = useDeleteAssets({
    onSuccess: (data) => {
      toast.success(data.message || MSG.assetDeleted);
      onDone();
      onClose();
    },
  });

  return (
    <Form
      aria-label={UI.deleteAssetsTitle(assets.length)}
      onSubmit={() => {
        const parsed = deleteAssetsBody.shape.comment.safeParse(comment);
        if (!parsed.success) setError(parsed.error.issues[0]?.message ?? MSG.somethingWentWrong);
        else
          remove.mutate({
            project_db_id: projectDbId,
            ingest_db_ids: assets.map((a) => a.ingest_db_id),
            comment: parsed.data,
          });
      }}
    >
      <Text size="sm">{UI.deleteAssetConfirm}</Text>
      <List size="sm" spacing={2}>
        {assets.slice(0, SHOWN).map((a) => (
          <List.Item key={a.ingest_db_id}>
            <Text size="sm" fw={500} truncate="end">
              {a.title}
            </Text>
          </List.Item>
        ))}
      </List>
      {assets.length > SHOWN && (
        <Text size="sm" c="dimmed">
          {UI.moreTeams(assets.length - SHOWN)}
        </Text>
      )}
      <Textarea
        label={UI.deleteComment}
        placeholder={UI.deleteCommentPlaceholder}
        value={comment}
        error={error}
        autosize
        minRows={2}
        onChange={(event) => {
          setComment(event.currentTarget.value);
          setError(null);
        }}
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {UI.cancel}
        </Button>
        <Button type="submit" color="red" loading={remove.isPending}>
          {UI.delete}
        </Button>
      </Group>
    </Form>
  );
}

/** The delete-asset modal (spec 000 §2, §7): one or many assets, an optional comment. */
export function DeleteAssetsModal({ opened, ...props }: DeleteAssetsProps & { opened: boolean }) {
  return (
    <Modal opened={opened} onClose={props.onClose} title={UI.deleteAssetsTitle(props.assets.length)} centered>
      {opened && <DeleteAssetsForm {...props} />}
    </Modal>
  );
}
