import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MSG, UI, C2E_TEXT } from '@rushes/shared';
import { CopyIconButton } from '../../ui/CopyIconButton.tsx';
import { toast } from '../../ui/toast.ts';
import { cameraKeys, useAccessTokens, useCreateToken, useRevokeToken } from './api.ts';

/**
 * Personal access tokens (account settings): the uploader logs in with one. A new token is shown
 * once, with a copy button; the list shows name and first characters; Revoke stops it at once.
 */
export function AccessTokensSection() {
  const queryClient = useQueryClient();
  const tokens = useAccessTokens();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fresh, setFresh] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [...cameraKeys.all, 'tokens'] });
  const create = useCreateToken({
    onSuccess: (answer) => {
      setFresh(answer.token);
      setName('');
      toast.success(answer.message);
      refresh();
    },
  });
  const revoke = useRevokeToken({
    onSuccess: (answer) => {
      toast.success(answer.message);
      refresh();
    },
  });
  const live = (tokens.data?.tokens ?? []).filter((t) => !t.revoked);
  return (
    <Stack gap="sm">
      <Title order={4}>{C2E_TEXT.tokensTitle}</Title>
      <Text size="sm" c="dimmed">
        {C2E_TEXT.tokenUploaderHint}
      </Text>
      <Group align="flex-start">
        <TextInput
          label={C2E_TEXT.tokenName}
          value={name}
          error={error}
          maxLength={60}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setError(null);
          }}
        />
        <Button
          mt={24}
          loading={create.isPending}
          onClick={() => (name.trim() ? create.mutate({ name: name.trim() }) : setError(MSG.required))}
        >
          {C2E_TEXT.tokenCreate}
        </Button>
      </Group>
      {fresh && (
        <Alert color="green">
          <Group gap={4} wrap="nowrap">
            <Text ff="monospace" size="sm" style={{ wordBreak: 'break-all' }} data-testid="new-token">
              {fresh}
            </Text>
            <CopyIconButton value={fresh} label={UI.copy} />
          </Group>
        </Alert>
      )}
      {live.map((t) => (
        <Group key={t.id} justify="space-between">
          <Text size="sm">
            {t.name} ·{' '}
            <Text span ff="monospace">
              {t.prefix}…
            </Text>
          </Text>
          <Button size="compact-sm" variant="subtle" color="red" onClick={() => revoke.mutate({ id: t.id })}>
            {C2E_TEXT.tokenRevoke}
          </Button>
        </Group>
      ))}
    </Stack>
  );
}
