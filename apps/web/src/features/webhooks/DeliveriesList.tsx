import { Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_STATUS_LABEL,
  WEBHOOK_TEXT as T,
  formatDate,
  formatTime,
  type WebhookAttemptView,
  type WebhookDeliveryView,
} from '@rushes/shared';
import { toast } from '../../ui/toast.ts';
import { useResendWebhook, useWebhookDeliveries, webhookKeys } from './api.ts';

const COLOR = { pending: 'yellow', succeeded: 'green', failed: 'red' } as const;
const when = (iso: string) => `${formatDate(iso)} ${formatTime(iso)}`;
const answerColor = (status: number) => (status < 300 ? 'green' : 'red');

/** One attempt: when, the answer's status (or none), how long it took, the first 2 KB of the answer. */
function AttemptRow({ a, n }: { a: WebhookAttemptView; n: number }) {
  return (
    <Stack
      gap={0}
      data-testid="webhook-attempt"
      pl="xs"
      style={{ borderLeft: '2px solid var(--mantine-color-default-border)' }}
    >
      <Group gap={6} wrap="nowrap">
        <Text size="xs" fw={500}>{`#${n}`}</Text>
        {a.status !== null ? (
          <Badge size="xs" variant="outline" color={answerColor(a.status)}>
            {a.status}
          </Badge>
        ) : (
          <Badge size="xs" variant="outline" color="red">
            {T.noAnswer}
          </Badge>
        )}
        <Text size="xs" c="dimmed">{`${when(a.at)} · ${a.duration_ms} ms`}</Text>
      </Group>
      {a.body && (
        <Text size="xs" ff="monospace" lineClamp={4} style={{ wordBreak: 'break-all' }} title={a.body}>
          {a.body}
        </Text>
      )}
    </Stack>
  );
}

function DeliveryRow({ d, endpointId }: { d: WebhookDeliveryView; endpointId: string }) {
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const resend = useResendWebhook({
    onSuccess: (r) => {
      toast.success(r.message);
      setOpen(true);
      void qc.invalidateQueries({ queryKey: webhookKeys.deliveries(endpointId) });
    },
  });
  const label = d.event in WEBHOOK_EVENTS ? WEBHOOK_EVENTS[d.event as keyof typeof WEBHOOK_EVENTS] : T.test;
  return (
    <Paper withBorder radius="sm" p="xs" data-testid="webhook-delivery">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={500} truncate>
          {label}
        </Text>
        <Group gap={6} wrap="nowrap">
          {d.response_status !== null && (
            <Badge variant="outline" color={answerColor(d.response_status)}>
              {d.response_status}
            </Badge>
          )}
          <Badge color={COLOR[d.status]}>{WEBHOOK_STATUS_LABEL[d.status]}</Badge>
        </Group>
      </Group>
      <Text size="xs" c="dimmed">
        {`${when(d.created_at)} · ${T.attempts}: ${d.attempts}` +
          (d.duration_ms !== null ? ` · ${d.duration_ms} ms` : '') +
          (d.next_attempt_at ? ` · ${T.nextAttempt}: ${when(d.next_attempt_at)}` : '')}
      </Text>
      {d.response_body && !open && (
        <Text
          size="xs"
          ff="monospace"
          lineClamp={3}
          style={{ wordBreak: 'break-all' }}
          title={d.response_body}
        >
          {`${T.response}: ${d.response_body}`}
        </Text>
      )}
      <Text size="xs" c="dimmed" ff="monospace">
        {d.event_id}
      </Text>
      {(d.attempt_log.length > 0 || d.status === 'failed') && (
        <Group gap="xs" mt={4}>
          {d.attempt_log.length > 0 && (
            <Button
              size="compact-xs"
              variant="subtle"
              aria-expanded={open}
              onClick={() => setOpen((o) => !o)}
            >
              {`${open ? T.hideAttempts : T.showAttempts} (${d.attempt_log.length})`}
            </Button>
          )}
          {d.status === 'failed' && (
            <Button
              size="compact-xs"
              variant="light"
              loading={resend.isPending}
              onClick={() => resend.mutate({ webhook_delivery_db_id: d.webhook_delivery_db_id })}
            >
              {T.resend}
            </Button>
          )}
        </Group>
      )}
      {open && (
        <Stack gap={6} mt={6} aria-label={T.attempts}>
          {d.attempt_log.map((a, i) => (
            <AttemptRow key={a.at + i} a={a} n={i + 1} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/** An endpoint's latest deliveries; each expands to its attempts with their answers, a failed one resends. */
export function DeliveriesList({ endpointId }: { endpointId: string }) {
  const q = useWebhookDeliveries(endpointId);
  if (q.isPending) return <Loader size="sm" />;
  const rows = q.data?.deliveries ?? [];
  return (
    <Stack gap={6} aria-label={T.deliveries}>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {T.noDeliveries}
        </Text>
      ) : (
        rows.map((d) => <DeliveryRow key={d.webhook_delivery_db_id} d={d} endpointId={endpointId} />)
      )}
    </Stack>
  );
}
