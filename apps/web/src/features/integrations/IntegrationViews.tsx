import { Button, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { INTEGRATION_TEXT as T } from '@rushes/shared';
import { toast } from '../../ui/toast.ts';
import { StatusBadge } from './StatusBadge.tsx';
import { integrationKeys } from './api.ts';

/** What an integration panel shows (spec 002 §4 'Integration panel views'). */
export type IntegrationView<D> = { name: 'list' } | { name: 'new' } | { name: 'details'; target: D };

/**
 * The panel views every integration shares (S3, Contido, Sprinklr): the list leads to a new
 * integration or to one's details and back; after creation the details, after deletion the list.
 */
export function useIntegrationViews<D>() {
  const [view, setView] = useState<IntegrationView<D>>({ name: 'list' });
  const queryClient = useQueryClient();
  const toList = () => setView({ name: 'list' });
  return {
    view,
    toList,
    toNew: () => setView({ name: 'new' }),
    toDetails: (target: D) => setView({ name: 'details', target }),
    created: (target: D) => {
      toast.success(T.integrationCreated);
      void queryClient.invalidateQueries({ queryKey: integrationKeys.all });
      setView({ name: 'details', target });
    },
    deleted: () => {
      void queryClient.invalidateQueries({ queryKey: integrationKeys.all });
      toList();
    },
  };
}

/** A view below the list, with Back to it. */
export function WithBack({ onBack, children }: { onBack: () => void; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={onBack} w="fit-content">
        {T.back}
      </Button>
      {children}
    </Stack>
  );
}

/**
 * The list view: 'New Integration' (for the team admin: without `onNew` there is none), an optional
 * heading ('Existing Integrations' for Sprinklr), then each integration as a card with its status
 * colour, or 'No integration found'.
 */
export function IntegrationList<R extends { integration_db_id: string; status: string }>({
  rows,
  pending,
  heading,
  onNew,
  onOpen,
  describe,
}: {
  rows: R[];
  pending: boolean;
  heading?: string;
  onNew?: () => void;
  onOpen: (row: R) => void;
  /** the card's text */
  describe: (row: R) => ReactNode;
}) {
  return (
    <Stack gap="sm">
      {onNew && (
        <Button leftSection={<IconPlus size={16} />} onClick={onNew} w="fit-content">
          {T.newIntegration}
        </Button>
      )}
      {heading && <Text fw={600}>{heading}</Text>}
      {rows.length === 0 ? (
        <Text c="dimmed">{pending ? T.loading : T.noIntegrationFound}</Text>
      ) : (
        rows.map((r) => (
          <UnstyledButton key={r.integration_db_id} onClick={() => onOpen(r)}>
            <Paper withBorder p="sm" radius="md">
              <Group justify="space-between" wrap="nowrap">
                {describe(r)}
                <StatusBadge status={r.status} />
              </Group>
            </Paper>
          </UnstyledButton>
        ))
      )}
    </Stack>
  );
}
