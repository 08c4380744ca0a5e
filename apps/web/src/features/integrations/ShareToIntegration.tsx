import { Button, List, Radio, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { EXPORT_NOTIFICATIONS_REFETCH_MS, INTEGRATION_TEXT as T, SPRINKLR_TEXT as S } from '@rushes/shared';
import { toast } from '../../ui/toast.ts';
import { notificationKeys } from '../notifications/api.ts';
import { integrationKeys } from './api.ts';
import { useSharedStatus, useShareTargets, useShareToIntegration } from './sprinklrApi.ts';

export interface ShareToIntegrationProps {
  projectDbId: string;
  teamDbId: string;
  assets: { ingest_db_id: string; title: string }[];
  /** the current user, to tell someone else's share from one's own */
  userId: string;
  onShared?: () => void;
  /** the share went through: the panel closes */
  onDone: () => void;
}

/**
 * Share to an integration (spec 002 §3, §4, §5), in its own panel (the asset action) and as the
 * INTEGRATION view of the Share panel: pick one (integration_db_id, business unit, agency,
 * campaign name), Share. Disabled with none chosen, when someone else shared an asset ('This asset has
 * been shared by {name}'), or when every file is already shared. Files already shared come back in
 * red and the button becomes Proceed, which shares the rest.
 */
export default function ShareToIntegration({
  projectDbId,
  teamDbId,
  assets,
  userId,
  onShared,
  onDone,
}: ShareToIntegrationProps) {
  const queryClient = useQueryClient();
  const targets = useShareTargets(teamDbId, projectDbId);
  const status = useSharedStatus(
    projectDbId,
    assets.map((a) => a.ingest_db_id),
  );
  const [chosen, setChosen] = useState<string | null>(null);
  const [already, setAlready] = useState<{ ingest_db_id: string; filename: string }[]>([]);
  const byOther = (status.data ?? []).find(
    (x) => x.sprinklr_shared_by && x.sprinklr_shared_by.user_id !== userId,
  );
  const rest = assets.filter((a) => !already.some((f) => f.ingest_db_id === a.ingest_db_id));
  const share = useShareToIntegration({
    onSuccess: (d) => {
      if (d.files.length) {
        setAlready(d.files);
        return;
      }
      toast.success(d.message);
      if (assets.length > 1) onShared?.();
      void queryClient.invalidateQueries({ queryKey: ['integrations', 'sprinklr', 'status', projectDbId] });
      void queryClient.invalidateQueries({ queryKey: integrationKeys.transfers(projectDbId) });
      onDone();
      window.setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
        EXPORT_NOTIFICATIONS_REFETCH_MS,
      );
    },
  });
  const rows = targets.data ?? [];
  const disabled = !chosen || Boolean(byOther) || rest.length === 0;
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {assets.map((a) => a.title).join(', ')}
      </Text>
      {byOther?.sprinklr_shared_by && (
        <Text c="red" size="sm" role="alert">
          {S.sharedBy(byOther.sprinklr_shared_by.name)}
        </Text>
      )}
      {!targets.isPending && rows.length === 0 && <Text c="dimmed">{T.noIntegrationFound}</Text>}
      <Radio.Group value={chosen} onChange={setChosen} label={T.chooseIntegration}>
        <Stack gap="xs" mt="xs">
          {rows.map((r) => (
            <Radio
              key={r.integration_db_id}
              value={r.integration_db_id}
              label={`${r.campaign_name} · ${r.business_unit_name}${r.agency_for_media_assets_name ? ` · ${r.agency_for_media_assets_name}` : ''}`}
            />
          ))}
        </Stack>
      </Radio.Group>
      {already.length > 0 && (
        <Stack gap={4}>
          <Text c="red" size="sm">
            {S.alreadyShared}
          </Text>
          <List size="sm" c="red" aria-label={S.alreadyShared}>
            {already.map((f) => (
              <List.Item key={f.ingest_db_id}>{f.filename}</List.Item>
            ))}
          </List>
        </Stack>
      )}
      <Button
        disabled={disabled}
        loading={share.isPending}
        onClick={() =>
          chosen &&
          share.mutate({
            team_db_id: teamDbId,
            project_db_id: projectDbId,
            integration_db_id: chosen,
            ingest_db_ids: rest.map((a) => a.ingest_db_id),
          })
        }
      >
        {already.length ? S.proceed : S.share}
      </Button>
    </Stack>
  );
}
