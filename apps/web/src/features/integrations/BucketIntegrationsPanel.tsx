import { Button, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { INTEGRATION_TEXT as T, type BucketService } from '@rushes/shared';
import { useSelectedTeam } from '../../api/currentUser.ts';
import type { PanelBaseProps } from '../../app/panels/registry.ts';
import { toast } from '../../ui/toast.ts';
import { BucketDetails } from './BucketDetails.tsx';
import { BucketForm } from './BucketForm.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { integrationKeys, useBucketIntegrations } from './api.ts';

export interface BucketIntegrationsPanelProps {
  service: BucketService;
}

type View = { name: 'list' } | { name: 'new' } | { name: 'details'; id: string };

/**
 * The S3 / Contido panel (spec 002 §2, §4): the integrated list leads to a new integration or to
 * one's details and back; after creation it shows the details, after deletion the list.
 */
export default function BucketIntegrationsPanel({ service }: BucketIntegrationsPanelProps & PanelBaseProps) {
  const { team } = useSelectedTeam();
  const teamDbId = team?.team_db_id ?? null;
  const [view, setView] = useState<View>({ name: 'list' });
  const list = useBucketIntegrations(service, teamDbId);
  const queryClient = useQueryClient();
  const back = (
    <Button
      variant="subtle"
      leftSection={<IconArrowLeft size={16} />}
      onClick={() => setView({ name: 'list' })}
      w="fit-content"
    >
      {T.back}
    </Button>
  );
  if (!teamDbId) return null;
  if (view.name === 'new')
    return (
      <Stack>
        {back}
        <BucketForm
          service={service}
          teamDbId={teamDbId}
          onCreated={(id) => {
            toast.success(T.integrationCreated);
            void queryClient.invalidateQueries({ queryKey: integrationKeys.all });
            setView({ name: 'details', id });
          }}
        />
      </Stack>
    );
  if (view.name === 'details')
    return (
      <Stack>
        {back}
        <BucketDetails service={service} id={view.id} onDeleted={() => setView({ name: 'list' })} />
      </Stack>
    );
  const rows = list.data ?? [];
  return (
    <Stack gap="sm">
      <Button leftSection={<IconPlus size={16} />} onClick={() => setView({ name: 'new' })} w="fit-content">
        {T.newIntegration}
      </Button>
      {list.isPending ? (
        <Text c="dimmed">{T.loading}</Text>
      ) : rows.length === 0 ? (
        <Text c="dimmed">{T.noIntegrationFound}</Text>
      ) : (
        rows.map((r) => (
          <UnstyledButton
            key={r.integration_db_id}
            onClick={() => setView({ name: 'details', id: r.integration_db_id })}
          >
            <Paper withBorder p="sm" radius="md">
              <Group justify="space-between" wrap="nowrap">
                <Stack gap={2}>
                  {r.input_bucket && <Text size="sm">{`${T.input}: ${r.input_folder_path}`}</Text>}
                  {r.output_bucket && <Text size="sm">{`${T.output}: ${r.output_folder_path}`}</Text>}
                </Stack>
                <StatusBadge status={r.status} />
              </Group>
            </Paper>
          </UnstyledButton>
        ))
      )}
    </Stack>
  );
}
