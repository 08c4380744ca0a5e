import { Button, Group, Modal, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { MSG, UI } from '@rushes/shared';
import { Form } from '../../ui/Form.tsx';
import { toast } from '../../ui/toast.ts';
import { useDeleteTeam, useRefreshTeams } from './api.ts';

interface TeamRef {
  team_db_id: string;
  name: string;
}

function DeleteTeamForm({ team, onClose }: { team: TeamRef; onClose: () => void }) {
  const refresh = useRefreshTeams();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);

  const remove = useDeleteTeam({
    onSuccess: (data) => toast.success(data.message || MSG.teamDeleted),
    // the dialog closes either way; a refusal shows the server's message (spec 002 §8)
    onSettled: () => {
      onClose();
      void refresh();
    },
  });

  return (
    <Form
      gap="md"
      aria-label={UI.deleteTeam}
      onSubmit={() => {
        if (typed.trim() !== team.name) {
          setError(MSG.teamNameMismatch);
          return;
        }
        remove.mutate({ team_id: team.team_db_id, name: typed.trim() });
      }}
    >
      <Text size="sm">{UI.deleteTeamConfirm(team.name)}</Text>
      <TextInput
        label={UI.typeTeamName}
        value={typed}
        error={error}
        data-autofocus
        autoComplete="off"
        onChange={(event) => {
          setTyped(event.currentTarget.value);
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

/** The delete-team dialog (spec 002 §2, §5): the typed name must equal the team's name. */
export function DeleteTeamDialog({ team, onClose }: { team: TeamRef | null; onClose: () => void }) {
  return (
    <Modal opened={team !== null} onClose={onClose} title={UI.deleteTeam} centered>
      {team && <DeleteTeamForm key={team.team_db_id} team={team} onClose={onClose} />}
    </Modal>
  );
}
