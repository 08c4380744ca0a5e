import { Badge, Button, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { WEBHOOK_EVENTS, WEBHOOK_TEXT as T, type WebhookEndpointView } from '@rushes/shared';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { toast } from '../../ui/toast.ts';
import { DeliveriesList } from './DeliveriesList.tsx';
import {
  useDeleteWebhook,
  useRotateWebhookSecret,
  useTestWebhook,
  useUpdateWebhook,
  webhookKeys,
} from './api.ts';

/** One endpoint: its URL and events, enable/disable, Send test, Rotate secret, Delete, deliveries. */
export function EndpointCard({
  endpoint: e,
  teamDbId,
  onSecret,
}: {
  endpoint: WebhookEndpointView;
  teamDbId: string;
  onSecret: (secret: string) => void;
}) {
  const qc = useQueryClient();
  const id = e.webhook_endpoint_db_id;
  const [open, setOpen] = useState(false);
  const [confirm, setConfirm] = useState<'delete' | 'rotate' | null>(null);
  const refreshList = () => qc.invalidateQueries({ queryKey: webhookKeys.list(teamDbId) });
  const update = useUpdateWebhook({ onSuccess: refreshList });
  const remove = useDeleteWebhook({
    onSuccess: (d) => {
      toast.success(d.message);
      setConfirm(null);
      void refreshList();
    },
  });
  const rotate = useRotateWebhookSecret({
    onSuccess: (d) => {
      setConfirm(null);
      onSecret(d.secret);
    },
  });
  const test = useTestWebhook({
    onSuccess: (d) => {
      toast.success(d.message);
      setOpen(true);
      void qc.invalidateQueries({ queryKey: webhookKeys.deliveries(id) });
    },
  });

  return (
    <Paper withBorder radius="md" p="sm" data-testid="webhook-endpoint">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Text fw={600} size="sm" style={{ wordBreak: 'break-all' }}>
              {e.url}
            </Text>
            {e.description && (
              <Text size="sm" c="dimmed">
                {e.description}
              </Text>
            )}
          </div>
          <Switch
            aria-label={e.enabled ? T.disable : T.enable}
            label={e.enabled ? T.enabled : T.disabled}
            checked={e.enabled}
            disabled={update.isPending}
            onChange={(ev) =>
              update.mutate({ webhook_endpoint_db_id: id, enabled: ev.currentTarget.checked })
            }
          />
        </Group>
        <Group gap={4}>
          {e.events.map((k) => (
            <Badge key={k} variant="light" size="sm">
              {WEBHOOK_EVENTS[k as keyof typeof WEBHOOK_EVENTS] ?? k}
            </Badge>
          ))}
        </Group>
        <Group gap="xs">
          <Button
            size="xs"
            loading={test.isPending}
            onClick={() => test.mutate({ webhook_endpoint_db_id: id })}
          >
            {T.sendTest}
          </Button>
          <Button size="xs" variant="default" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
            {T.deliveries}
          </Button>
          <Button size="xs" variant="default" onClick={() => setConfirm('rotate')}>
            {T.rotateSecret}
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={() => setConfirm('delete')}>
            {T.delete}
          </Button>
        </Group>
        {open && <DeliveriesList endpointId={id} />}
      </Stack>
      <ConfirmDialog
        opened={confirm !== null}
        title={confirm === 'delete' ? T.delete : T.rotateSecret}
        message={confirm === 'delete' ? T.deleteConfirm : T.rotateConfirm}
        confirmLabel={confirm === 'delete' ? T.delete : T.rotateSecret}
        loading={remove.isPending || rotate.isPending}
        onConfirm={() =>
          confirm === 'delete'
            ? remove.mutate({ webhook_endpoint_db_id: id })
            : rotate.mutate({ webhook_endpoint_db_id: id })
        }
        onClose={() => setConfirm(null)}
      />
    </Paper>
  );
}
