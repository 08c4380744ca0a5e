import { Button, Checkbox, Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { WEBHOOK_EVENTS, WEBHOOK_TEXT as T, createWebhookBody, type WebhookEvent } from '@rushes/shared';
import { fieldErrorsOf } from '../../api/client.ts';
import { showApiError } from '../../app/apiErrors.ts';
import { Form } from '../../ui/Form.tsx';
import { useCreateWebhook } from './api.ts';

const EVENTS = Object.entries(WEBHOOK_EVENTS) as [WebhookEvent, string][];

/** Add endpoint: an https URL, a description, the events it wants (all by default). */
export function EndpointForm({
  teamDbId,
  onCreated,
  onCancel,
}: {
  teamDbId: string;
  onCreated: (secret: string) => void;
  onCancel: () => void;
}) {
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(EVENTS.map(([k]) => k));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateWebhook({
    onSuccess: (d) => onCreated(d.secret),
    // a field's error shows under the field, not again in a toast
    meta: { silent: true },
    onError: (e) => {
      const fields = fieldErrorsOf(e);
      setErrors(fields ?? {});
      if (!fields) showApiError(e);
    },
  });

  const submit = () => {
    const body = { team_db_id: teamDbId, url, description, events };
    const parsed = createWebhookBody.safeParse(body);
    if (!parsed.success) {
      const e: Record<string, string> = {};
      for (const issue of parsed.error.issues) e[String(issue.path[0])] ??= issue.message;
      setErrors(e);
      return;
    }
    setErrors({});
    create.mutate(body);
  };

  return (
    <Form onSubmit={submit} aria-label={T.addEndpoint}>
      <TextInput
        label={T.url}
        placeholder="https://"
        value={url}
        onChange={(e) => setUrl(e.currentTarget.value)}
        error={errors.url}
        withAsterisk
      />
      <TextInput
        label={T.description}
        value={description}
        onChange={(e) => setDescription(e.currentTarget.value)}
        error={errors.description}
      />
      <Checkbox.Group
        label={T.events}
        value={events}
        onChange={(v) => setEvents(v as WebhookEvent[])}
        error={errors.events}
      >
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={6} mt={6}>
          {EVENTS.map(([key, label]) => (
            <Checkbox key={key} value={key} label={label} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      {errors.team_db_id && (
        <Text c="red" size="sm">
          {errors.team_db_id}
        </Text>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          {T.cancel}
        </Button>
        <Button type="submit" loading={create.isPending}>
          {T.create}
        </Button>
      </Group>
    </Form>
  );
}
