import { Stack, Text } from '@mantine/core';
import { MSG } from '@rushes/shared';
import type { PanelBaseProps } from '../../app/panels/registry.ts';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { useBilling, useStateCodes } from './api.ts';
import { BillingForm } from './BillingForm.tsx';

export interface BillingPanelProps {
  teamDbId: string;
  /** Whose billing details these are (the selected team). */
  teamName: string;
  /** Owners and holders of can_manage_billing may save; others read. */
  canEdit: boolean;
}

/** The billing details panel (spec 002 §2, §3 Billing, §5): prefilled from the saved details. */
export default function BillingPanel({ teamDbId, teamName, canEdit }: BillingPanelProps & PanelBaseProps) {
  const billing = useBilling(teamDbId);
  const stateCodes = useStateCodes();
  if (billing.isPending || stateCodes.isPending) return <PageLoader />;
  if (billing.isError) return <Text c="dimmed">{MSG.somethingWentWrong}</Text>;
  return (
    <Stack gap="md">
      <Text fw={600} truncate="end">
        {teamName}
      </Text>
      <BillingForm
        key={teamDbId}
        teamDbId={teamDbId}
        billing={billing.data}
        stateCodes={stateCodes.data ?? []}
        canEdit={canEdit}
      />
    </Stack>
  );
}
