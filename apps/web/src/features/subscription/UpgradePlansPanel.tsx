import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import {
  ENTERPRISE_CONTACT_URL,
  SUB_TEXT,
  formatAmount,
  paiseToRupees,
  tierColor,
  upgradeQuote,
  type AvailablePlan,
  type SubscriptionState,
} from '@rushes/shared';
import type { PanelBaseProps } from '../../app/panels/registry.ts';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { usePlans, useSubscription, useUpgradePlan } from './api.ts';
import { usePurchaseCallbacks, useRequestKey } from './purchase.ts';
import { UseCreditsField } from './UseCreditsField.tsx';

export interface UpgradePlansPanelProps {
  teamDbId: string;
}

function PlanCard({
  plan,
  current,
  onChoose,
}: {
  plan: AvailablePlan;
  current: AvailablePlan | undefined;
  onChoose: () => void;
}) {
  const higher = !plan.is_free && !plan.is_enterprise && plan.amount > (current?.amount ?? 0);
  return (
    <Card withBorder padding="sm" data-testid={`plan-${plan.subscription_db_id}`}>
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={2}>
          <Group gap="xs">
            <Badge color={tierColor(plan.title)} variant="filled">
              {plan.title}
            </Badge>
            {plan.is_current && <Badge variant="light">{SUB_TEXT.currentPlan}</Badge>}
          </Group>
          <Text size="sm" c="dimmed">
            {plan.is_enterprise
              ? SUB_TEXT.contactUs
              : `${formatAmount(plan.amount)} ${SUB_TEXT.perMonth} · ${plan.storage} GB`}
          </Text>
        </Stack>
        {plan.is_enterprise ? (
          <Anchor href={ENTERPRISE_CONTACT_URL} target="_blank" rel="noopener noreferrer" size="sm">
            {SUB_TEXT.contactUs}
          </Anchor>
        ) : (
          higher && (
            <Button size="xs" onClick={onChoose}>
              {SUB_TEXT.upgrade}
            </Button>
          )
        )}
      </Group>
    </Card>
  );
}

function Checkout({
  teamDbId,
  plan,
  current,
  state,
  close,
}: {
  teamDbId: string;
  plan: AvailablePlan;
  current: AvailablePlan;
  state: SubscriptionState;
  close: () => void;
}) {
  const credits = state.credits.credits_available;
  const renewal = state.renewal.renewal_date ? new Date(state.renewal.renewal_date) : null;
  const quote = upgradeQuote(current, plan, renewal, new Date());
  // Credits are ticked when they cover the price (or when no payment can be taken).
  const [useCredits, setUseCredits] = useState(
    !state.payments_available || (credits ?? 0) * 100 >= quote.amountPaise,
  );
  const key = useRequestKey();
  const upgrade = useUpgradePlan(usePurchaseCallbacks(close));
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Text fw={600}>
          {current.title} → {plan.title}
        </Text>
        <Group justify="space-between">
          <Text size="sm">{SUB_TEXT.amountToPay}</Text>
          <Text fw={700} data-testid="upgrade-amount">
            {formatAmount(paiseToRupees(quote.amountPaise))}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {SUB_TEXT.proratedNote(quote.days)}
          {!useCredits && ` · ${SUB_TEXT.plusGst}`}
        </Text>
        <UseCreditsField
          checked={useCredits}
          onChange={setUseCredits}
          creditsAvailable={credits}
          disabled={!state.payments_available}
        />
        <Button
          loading={upgrade.isPending}
          onClick={() =>
            upgrade.mutate({
              team_db_id: teamDbId,
              subscription_db_id: plan.subscription_db_id,
              credits_used: useCredits,
              idempotency_key: key,
            })
          }
        >
          {useCredits ? SUB_TEXT.payWithCredits : SUB_TEXT.proceedToPayment}
        </Button>
      </Stack>
    </Card>
  );
}

/** 'Subscription Upgrade' (spec 002 §2): the plans, tier-coloured; a higher one is bought here. */
export default function UpgradePlansPanel({ teamDbId, close }: UpgradePlansPanelProps & PanelBaseProps) {
  const plans = usePlans(teamDbId);
  const state = useSubscription(teamDbId);
  const [chosen, setChosen] = useState<string | null>(null);
  if (plans.isPending || state.isPending) return <PageLoader />;
  if (plans.isError || !plans.data.length) {
    if (plans.isError) console.warn('plans failed to load', plans.error);
    return <Text c="dimmed">{SUB_TEXT.noPlans}</Text>;
  }
  const current = plans.data.find((p) => p.is_current);
  const target = plans.data.find((p) => p.subscription_db_id === chosen);
  return (
    <Stack gap="sm">
      {plans.data.map((p) => (
        <PlanCard
          key={p.subscription_db_id}
          plan={p}
          current={current}
          onChoose={() => setChosen(p.subscription_db_id)}
        />
      ))}
      {target && current && state.data && (
        <Checkout
          key={target.subscription_db_id}
          teamDbId={teamDbId}
          plan={target}
          current={current}
          state={state.data}
          close={close}
        />
      )}
    </Stack>
  );
}
