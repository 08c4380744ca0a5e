import { Stack, Table, Text } from '@mantine/core';
import { SUB_TEXT, formatGb, formatNumber, formatAmount } from '@rushes/shared';
import type { PanelBaseProps } from '../../app/panels/registry.ts';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { usePlanDetails, useTeamStorage } from './api.ts';

export interface PlanDetailsPanelProps {
  teamDbId: string;
  subscriptionDbId: string;
}
export interface StorageDetailsPanelProps {
  teamDbId: string;
}

const limit = (v: number | false) => (v === false ? SUB_TEXT.unlimited : formatNumber(v));

function Rows({ rows }: { rows: [string, string][] }) {
  return (
    <Table>
      <Table.Tbody>
        {rows.map(([k, v]) => (
          <Table.Tr key={k}>
            <Table.Td>{k}</Table.Td>
            <Table.Td fw={600} ta="right">
              {v}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Plan details (spec 002 §2, §7 current plan details by subscription_db_id). */
export function PlanDetailsPanel({ teamDbId, subscriptionDbId }: PlanDetailsPanelProps & PanelBaseProps) {
  const plan = usePlanDetails(teamDbId, subscriptionDbId);
  if (plan.isPending) return <PageLoader />;
  if (!plan.data) return <Text c="dimmed">{SUB_TEXT.detailsNotFound}</Text>;
  const p = plan.data;
  return (
    <Stack gap="sm">
      <Text fw={700}>{p.title}</Text>
      <Rows
        rows={[
          [SUB_TEXT.projects, limit(p.project_limit)],
          [SUB_TEXT.concurrentSystems, limit(p.no_of_concurrent_systems)],
          [SUB_TEXT.teams, limit(p.team_limit)],
          [SUB_TEXT.collaborators, limit(p.collaborators_limit)],
          [SUB_TEXT.machineHours, limit(p.machine_hour_limit)],
          [SUB_TEXT.storage, formatGb(p.storage)],
          [SUB_TEXT.pricePerGb, formatAmount(p.amount_per_gb_storage)],
        ]}
      />
    </Stack>
  );
}

/** Storage details (spec 002 §3 storage_detail); a failed load is silent: the details stay empty. */
export function StorageDetailsPanel({ teamDbId }: StorageDetailsPanelProps & PanelBaseProps) {
  const storage = useTeamStorage(teamDbId);
  if (storage.isPending) return <PageLoader />;
  const s = storage.data;
  return (
    <Rows
      rows={[
        [SUB_TEXT.totalStorage, s ? formatGb(s.total_storage) : ''],
        [SUB_TEXT.usedStorage, s ? formatGb(s.used_storage) : ''],
        [SUB_TEXT.storageAdded, s ? formatGb(s.storage_added) : ''],
        [SUB_TEXT.pricePerGb, s ? formatAmount(s.amount_per_gb_storage) : ''],
        [SUB_TEXT.additionStep, s ? formatGb(s.storage_size_addition_step) : ''],
      ]}
    />
  );
}
