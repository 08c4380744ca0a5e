import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import {
  DEFAULT_RENEWAL_MONTHS,
  MAX_RENEWAL_MONTHS,
  SUB_TEXT,
  formatDate,
  formatAmount,
  paiseToRupees,
  renewalQuote,
} from '@rushes/shared';
import type { PanelBaseProps } from '../../app/panels/registry.ts';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { useRenewPlan, useSubscription } from './api.ts';
import { usePurchaseCallbacks, useRequestKey } from './purchase.ts';
import { UseCreditsField } from './UseCreditsField.tsx';

export interface RenewPanelProps {
  teamDbId: string;
}

/** 'Renew Subscription' (spec 002 §2, §9): by months, 1 by default; the plan and its add-on storage. */
export default function RenewPanel({ teamDbId, close }: RenewPanelProps & PanelBaseProps) {
  const state = useSubscription(teamDbId);
  const [months, setMonths] = useState<number>(DEFAULT_RENEWAL_MONTHS);
  const [useCredits, setUseCredits] = useState(true);
  const key = useRequestKey();
  const renew = useRenewPlan(usePurchaseCallbacks(close));
  if (state.isPending) return <PageLoader />;
  if (!state.data) return <Text c="dimmed">{SUB_TEXT.detailsNotFound}</Text>;
  const s = state.data;
  const plan = {
    amount: s.plan_detail.subscription_amount,
    is_free: s.plan_detail.is_free,
    amount_per_gb_storage: s.storage_detail.amount_per_gb_storage,
    storage_size_addition_step: s.storage_detail.storage_size_addition_step,
  };
  const renewal = s.renewal.renewal_date ? new Date(s.renewal.renewal_date) : null;
  const valid = Number.isInteger(months) && months >= 1 && months <= MAX_RENEWAL_MONTHS;
  const quote = renewalQuote(plan, s.storage_detail.storage_added, valid ? months : 1, renewal, new Date());
  return (
    <Stack gap="md">
      <Text fw={600}>{s.plan_detail.title}</Text>
      <Text size="sm" c="dimmed">
        {SUB_TEXT.renewsOn}: {renewal ? formatDate(renewal) : SUB_TEXT.noRenewal}
      </Text>
      <NumberInput
        label={SUB_TEXT.months}
        min={1}
        max={MAX_RENEWAL_MONTHS}
        allowDecimal={false}
        allowNegative={false}
        value={months}
        onChange={(v) => setMonths(typeof v === 'number' ? v : Number(v) || 0)}
      />
      <Group justify="space-between">
        <Text size="sm">{SUB_TEXT.amountToPay}</Text>
        <Text fw={700} data-testid="renew-amount">
          {formatAmount(paiseToRupees(quote.amountPaise))}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {SUB_TEXT.renewsOn}: {formatDate(quote.renewalDate)}
      </Text>
      {!(useCredits || !s.payments_available) && (
        <Text size="xs" c="dimmed">
          {SUB_TEXT.plusGst}
        </Text>
      )}
      <UseCreditsField
        checked={useCredits || !s.payments_available}
        onChange={setUseCredits}
        creditsAvailable={s.credits.credits_available}
        disabled={!s.payments_available}
      />
      <Button
        disabled={!valid}
        loading={renew.isPending}
        onClick={() =>
          renew.mutate({
            team_db_id: teamDbId,
            subscription_db_id: s.plan_detail.subscription_db_id,
            months,
            credits_used: useCredits || !s.payments_available,
            idempotency_key: key,
          })
        }
      >
        {SUB_TEXT.renew}
      </Button>
    </Stack>
  );
}
