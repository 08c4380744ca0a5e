import {
  Badge,
  Button,
  Card,
  Container,
  Group,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  LOW_BALANCE_PSC,
  PAYMENT_TEXT,
  SUB_TEXT,
  UI,
  formatDate,
  formatGb,
  formatNumber,
  formatAmount,
  tierColor,
  type CurrentPlan,
} from '@rushes/shared';
import { useSelectedTeam } from '../../api/currentUser.ts';
import { usePanels } from '../../app/panels/PanelContext.ts';
import { PATHS } from '../../app/paths.ts';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { usePlanUsage, useSubscription, useTeamStorage } from './api.ts';
import { UpgradeWaitingNotice } from './UpgradeWaitingNotice.tsx';

/** ?sidebar=upgrade-plan opens the 'Subscription Upgrade' panel (spec 002 §2). */
export const UPGRADE_SIDEBAR = 'upgrade-plan';

function UsageRow({
  label,
  used,
  limit,
  format = formatNumber,
}: {
  label: string;
  used: number;
  limit: number | false;
  format?: (n: number) => string;
}) {
  const pct = limit === false || limit === 0 ? 0 : Math.min(100, (used / limit) * 100);
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text size="sm">{label}</Text>
        <Text size="sm" fw={600} data-testid={`usage-${label}`}>
          {format(used)} / {limit === false ? SUB_TEXT.unlimited : format(limit)}
        </Text>
      </Group>
      <Progress value={pct} color={pct >= 100 ? 'red' : 'blue'} size="sm" />
    </Stack>
  );
}

function Usage({
  plan,
  storage,
}: {
  plan: CurrentPlan | null;
  storage: { used: number; total: number } | null;
}) {
  // A failed usage or storage load is silent (spec 002 §8): the rows stay out.
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Text fw={700}>{SUB_TEXT.usage}</Text>
        {plan && (
          <>
            <UsageRow label={SUB_TEXT.projects} used={plan.projects} limit={plan.project_limit} />
            <UsageRow
              label={SUB_TEXT.collaborators}
              used={plan.no_of_collaborators}
              limit={plan.collaborators_limit}
            />
            <UsageRow label={SUB_TEXT.teams} used={plan.no_of_teams} limit={plan.team_limit} />
            <UsageRow
              label={SUB_TEXT.machineHours}
              used={plan.machines_hours}
              limit={plan.machine_hour_limit}
            />
            <Group justify="space-between">
              <Text size="sm">{SUB_TEXT.concurrentSystems}</Text>
              <Text size="sm" fw={600}>
                {plan.no_of_concurrent_systems === false
                  ? SUB_TEXT.unlimited
                  : formatNumber(plan.no_of_concurrent_systems)}
              </Text>
            </Group>
          </>
        )}
        {storage && (
          <UsageRow label={SUB_TEXT.storage} used={storage.used} limit={storage.total} format={formatGb} />
        )}
      </Stack>
    </Card>
  );
}

/** /subscription (spec 002 §2 Subscription panels): the plan overview with usage, and its actions. */
export default function SubscriptionPage() {
  const { team } = useSelectedTeam();
  const teamDbId = team?.team_db_id ?? '';
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const panels = usePanels();
  const state = useSubscription(teamDbId);
  const usage = usePlanUsage(teamDbId);
  const storage = useTeamStorage(teamDbId);

  const sidebar = params.get('sidebar');
  useEffect(() => {
    if (sidebar !== UPGRADE_SIDEBAR) return;
    panels.open(
      'subscriptionPlans',
      { teamDbId },
      { onClose: () => setParams((p) => (p.delete('sidebar'), p), { replace: true }) },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sidebar, teamDbId]);

  const back = () => (location.key === 'default' ? navigate(PATHS.home) : navigate(-1));
  if (state.isPending) return <PageLoader />;
  const s = state.data;
  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        <Group>
          <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={back}>
            {UI.back}
          </Button>
        </Group>
        <Title order={1} size="h2">
          {UI.subscription}
        </Title>
        {!s ? (
          <Text c="dimmed">{SUB_TEXT.detailsNotFound}</Text>
        ) : (
          <>
            {s.is_subscription_upgrade_in_progress && <UpgradeWaitingNotice waitingTime={s.waiting_time} />}
            <Card withBorder padding="md" data-testid="plan-overview">
              <Stack gap="sm">
                <Group justify="space-between" wrap="wrap">
                  <Group gap="sm">
                    <Text c="dimmed" size="sm">
                      {SUB_TEXT.yourPlan}
                    </Text>
                    <Badge
                      color={tierColor(s.plan_detail.title)}
                      size="lg"
                      variant="filled"
                      data-testid="plan-title"
                    >
                      {s.plan_detail.title}
                    </Badge>
                    {!s.plan_detail.is_free && !s.plan_detail.is_enterprise && (
                      <Text fw={600}>
                        {formatAmount(s.plan_detail.subscription_amount)} {SUB_TEXT.perMonth}
                      </Text>
                    )}
                  </Group>
                  <Button onClick={() => panels.open('subscriptionPlans', { teamDbId })}>
                    {SUB_TEXT.upgradePlan}
                  </Button>
                </Group>
                <Text size="sm" c="dimmed">
                  {SUB_TEXT.renewsOn}:{' '}
                  {s.renewal.renewal_date ? formatDate(s.renewal.renewal_date) : SUB_TEXT.noRenewal}
                </Text>
                <Group gap="xs">
                  <Text size="sm">
                    {SUB_TEXT.creditsAvailable}:{' '}
                    <b data-testid="credits-available">
                      {s.credits.credits_available === null
                        ? ''
                        : `${formatNumber(s.credits.credits_available)} PSC`}
                    </b>
                  </Text>
                  {s.credits.credits_available !== null && s.credits.credits_available < LOW_BALANCE_PSC && (
                    <Badge color="red" variant="light">
                      {SUB_TEXT.lowBalance}
                    </Badge>
                  )}
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    onClick={() =>
                      panels.open('addCredits', {
                        teamDbId,
                        creditsAvailable: s.credits.credits_available ?? undefined,
                      })
                    }
                  >
                    {PAYMENT_TEXT.addCreditsTitle}
                  </Button>
                </Group>
                <Group gap="xs">
                  <Button
                    variant="light"
                    onClick={() =>
                      panels.open('planDetails', {
                        teamDbId,
                        subscriptionDbId: s.plan_detail.subscription_db_id,
                      })
                    }
                  >
                    {SUB_TEXT.planDetails}
                  </Button>
                  <Button variant="light" onClick={() => panels.open('storageDetails', { teamDbId })}>
                    {SUB_TEXT.storageDetails}
                  </Button>
                  {/* only non-free plans renew and add storage (spec 002 §4) */}
                  {!s.plan_detail.is_free && !s.plan_detail.is_enterprise && (
                    <>
                      <Button variant="light" onClick={() => panels.open('renewalDetails', { teamDbId })}>
                        {SUB_TEXT.renew}
                      </Button>
                      <Button variant="light" onClick={() => panels.open('addStorage', { teamDbId })}>
                        {SUB_TEXT.addStorage}
                      </Button>
                    </>
                  )}
                </Group>
              </Stack>
            </Card>
            <SimpleGrid cols={{ base: 1 }}>
              <Usage
                plan={usage.data ?? null}
                storage={
                  storage.data ? { used: storage.data.used_storage, total: storage.data.total_storage } : null
                }
              />
            </SimpleGrid>
          </>
        )}
      </Stack>
    </Container>
  );
}
