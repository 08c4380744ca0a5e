import { Stack, Text } from '@mantine/core';
import { INTEGRATION_TEXT as T, type BucketService } from '@rushes/shared';
import { useSelectedTeam } from '../../api/currentUser.ts';
import type { PanelBaseProps } from '../../app/panels/registry.ts';
import { BucketDetails } from './BucketDetails.tsx';
import { BucketForm } from './BucketForm.tsx';
import { IntegrationList, WithBack, useIntegrationViews } from './IntegrationViews.tsx';
import { useBucketIntegrations } from './api.ts';

export interface BucketIntegrationsPanelProps {
  service: BucketService;
}

/**
 * The S3 / Contido panel (spec 002 §2, §4): integrated list, new integration, bucket details. Members
 * with can_view_app_integration see them; creating, testing and deleting are the team admin's.
 */
export default function BucketIntegrationsPanel({ service }: BucketIntegrationsPanelProps & PanelBaseProps) {
  const { team } = useSelectedTeam();
  const teamDbId = team?.team_db_id ?? null;
  const canManage = Boolean(team?.is_admin);
  const views = useIntegrationViews<string>();
  const list = useBucketIntegrations(service, teamDbId);
  if (!teamDbId) return null;
  const { view } = views;
  if (view.name === 'new' && canManage)
    return (
      <WithBack onBack={views.toList}>
        <BucketForm service={service} teamDbId={teamDbId} onCreated={views.created} />
      </WithBack>
    );
  if (view.name === 'details')
    return (
      <WithBack onBack={views.toList}>
        <BucketDetails service={service} id={view.target} canManage={canManage} onDeleted={views.deleted} />
      </WithBack>
    );
  return (
    <IntegrationList
      rows={list.data ?? []}
      pending={list.isPending}
      onNew={canManage ? views.toNew : undefined}
      onOpen={(r) => views.toDetails(r.integration_db_id)}
      describe={(r) => (
        <Stack gap={2}>
          {r.input_bucket && <Text size="sm">{`${T.input}: ${r.input_folder_path}`}</Text>}
          {r.output_bucket && <Text size="sm">{`${T.output}: ${r.output_folder_path}`}</Text>}
        </Stack>
      )}
    />
  );
}
