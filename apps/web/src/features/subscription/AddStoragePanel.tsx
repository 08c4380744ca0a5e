import { ActionIcon, Button, Group, Stack, Text } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { SUB_TEXT, formatAmount, paiseToRupees, storageQuote } from '@rushes/shared';
import type { PanelBaseProps } from '../../app/panels/registry.ts';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { useAddStorage, useSubscription } from './api.ts';
import { usePurchaseCallbacks, useRequestKey } from './purchase.ts';
import { UseCreditsField } from './UseCreditsField.tsx';

export interface AddStoragePanelProps {
  teamDbId: string;
}

/**
 * Add storage (spec 002 §5, §9): in steps of storage_size_addition_step GB, never below 0; 100 ×
 * amount_per_gb_storage PSC per month per step, prorated by days to the renewal date.
 */
export default function AddStoragePanel({ teamDbId, close }: AddStoragePanelProps & PanelBaseProps) {
  const state = useSubscription(teamDbId);
  const [size, setSize] = useState(0);
  const [useCredits, setUseCredits] = useState(true);
  const key = useRequestKey();
  const add = useAddStorage(usePurchaseCallbacks(close));
  if (state.isPending) return <PageLoader />;
  if (!state.data) return <Text c="dimmed">{SUB_TEXT.detailsNotFound}</Text>;
  const s = state.data;
  const step = s.storage_detail.storage_size_addition_step;
  const renewal = s.renewal.renewal_date ? new Date(s.renewal.renewal_date) : null;
  const quote = storageQuote(s.storage_detail, size, renewal, new Date());
  const credits = useCredits || !s.payments_available;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {SUB_TEXT.storageStepHint(step)}
      </Text>
      <Group justify="center" gap="lg">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Less storage"
          disabled={size <= 0}
          onClick={() => setSize((v) => Math.max(0, v - step))}
        >
          <IconMinus size={16} />
        </ActionIcon>
        <Text fw={700} size="xl" data-testid="storage-size">
          {size} GB
        </Text>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="More storage"
          onClick={() => setSize((v) => v + step)}
        >
          <IconPlus size={16} />
        </ActionIcon>
      </Group>
      <Group justify="space-between">
        <Text size="sm">{SUB_TEXT.amountToPay}</Text>
        <Text fw={700} data-testid="storage-amount">
          {formatAmount(paiseToRupees(quote.amountPaise))}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {SUB_TEXT.proratedNote(quote.days)}
      </Text>
      {!(useCredits || !s.payments_available) && (
        <Text size="xs" c="dimmed">
          {SUB_TEXT.plusGst}
        </Text>
      )}
      <UseCreditsField
        checked={credits}
        onChange={setUseCredits}
        creditsAvailable={s.credits.credits_available}
        disabled={!s.payments_available}
      />
      <Button
        disabled={size <= 0}
        loading={add.isPending}
        onClick={() =>
          add.mutate({
            team_db_id: teamDbId,
            storage_size: size,
            credits_used: credits,
            idempotency_key: key,
          })
        }
      >
        {SUB_TEXT.addStorage}
      </Button>
    </Stack>
  );
}
