import { Button, Loader, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { WEBHOOK_TEXT as T } from '@rushes/shared';
import type { PanelBaseProps } from '../../app/panels/registry.ts';
import { toast } from '../../ui/toast.ts';
import { EndpointCard } from './EndpointCard.tsx';
import { EndpointForm } from './EndpointForm.tsx';
import { SecretDialog } from './SecretDialog.tsx';
import { useWebhooks, webhookKeys } from './api.ts';

/** The team's webhook endpoints (team admins): add one, and each one's actions and deliveries. */
export default function WebhooksPanel({ teamDbId }: { teamDbId: string } & PanelBaseProps) {
  const qc = useQueryClient();
  const list = useWebhooks(teamDbId);
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const endpoints = list.data?.endpoints ?? [];
  const full = endpoints.length >= (list.data?.limit ?? Infinity);

  return (
    <Stack gap="md">
      <Text size="sm">{T.intro}</Text>
      {adding ? (
        <EndpointForm
          teamDbId={teamDbId}
          onCancel={() => setAdding(false)}
          onCreated={(s) => {
            toast.success(T.endpointCreated);
            setAdding(false);
            setSecret(s);
            void qc.invalidateQueries({ queryKey: webhookKeys.list(teamDbId) });
          }}
        />
      ) : (
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setAdding(true)}
          disabled={full}
          title={full ? T.tooManyEndpoints : undefined}
          style={{ alignSelf: 'flex-start' }}
        >
          {T.addEndpoint}
        </Button>
      )}
      {list.isPending ? (
        <Loader size="sm" />
      ) : endpoints.length === 0 ? (
        <Text size="sm" c="dimmed">
          {T.noEndpoints}
        </Text>
      ) : (
        endpoints.map((e) => (
          <EndpointCard
            key={e.webhook_endpoint_db_id}
            endpoint={e}
            teamDbId={teamDbId}
            onSecret={setSecret}
          />
        ))
      )}
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
    </Stack>
  );
}
