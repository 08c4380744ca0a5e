import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Select,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  API,
  API_SCOPE_LABELS,
  API_SCOPES,
  API_TOKEN_TEXT,
  C2E_TEXT,
  MSG,
  UI,
  formatDate,
  formatTime,
  type AccessToken,
  type ApiScope,
} from '@rushes/shared';
import { CopyIconButton } from '../../ui/CopyIconButton.tsx';
import { toast } from '../../ui/toast.ts';
import { useTeamsList } from '../teams/api.ts';
import { tokenKeys, useAccessTokens, useCreateToken, useRevokeToken } from './api.ts';

const when = (iso: string) => `${formatDate(iso)} ${formatTime(iso)}`;

/**
 * Personal access tokens (account settings): the uploader's (no team, upload only) and the public
 * API's (one of the user's teams, chosen scopes). A new token is shown once, with a copy button; the
 * list shows scopes, team, created and last use; Revoke stops it at once on every server.
 */
export function ApiTokensSection() {
  const queryClient = useQueryClient();
  const tokens = useAccessTokens();
  const teams = useTeamsList();
  const [name, setName] = useState('');
  const [team, setTeam] = useState<string>('');
  const [scopes, setScopes] = useState<ApiScope[]>(['read']);
  const [error, setError] = useState<string | null>(null);
  const [fresh, setFresh] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: tokenKeys.all });
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
  const submit = () => {
    if (!name.trim()) return setError(MSG.required);
    if (team && scopes.length === 0) return toast.error(API_TOKEN_TEXT.scopesRequired);
    create.mutate({ name: name.trim(), ...(team && { team_db_id: team, scopes }) });
  };
  const live = (tokens.data?.tokens ?? []).filter((t) => !t.revoked);
  const teamOptions = [
    { value: '', label: API_TOKEN_TEXT.uploaderTeam },
    ...(teams.data ?? []).map((t) => ({ value: t.team_db_id, label: t.name })),
  ];
  return (
    <Stack gap="sm">
      <Title order={4}>{API_TOKEN_TEXT.sectionTitle}</Title>
      <Text size="sm" c="dimmed">
        {API_TOKEN_TEXT.sectionHelp} {C2E_TEXT.tokenUploaderHint}{' '}
        <Anchor href={API.docs} target="_blank" rel="noreferrer">
          {API_TOKEN_TEXT.docsLink}
        </Anchor>
      </Text>
      <Group align="flex-start" wrap="wrap">
        <TextInput
          label={API_TOKEN_TEXT.nameLabel}
          value={name}
          error={error}
          maxLength={60}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setError(null);
          }}
        />
        <Select
          label={API_TOKEN_TEXT.teamLabel}
          data={teamOptions}
          value={team}
          onChange={(v) => setTeam(v ?? '')}
          allowDeselect={false}
          w={300}
        />
      </Group>
      {team && (
        <Checkbox.Group
          label={API_TOKEN_TEXT.scopesLabel}
          value={scopes}
          onChange={(v) => setScopes(v as ApiScope[])}
        >
          <Group mt={4}>
            {API_SCOPES.map((s) => (
              <Checkbox key={s} value={s} label={API_SCOPE_LABELS[s]} />
            ))}
          </Group>
        </Checkbox.Group>
      )}
      <Group>
        <Button loading={create.isPending} onClick={submit}>
          {API_TOKEN_TEXT.create}
        </Button>
      </Group>
      {fresh && (
        <Alert color="green" title={API_TOKEN_TEXT.shownOnce}>
          <Group gap={4} wrap="nowrap">
            <Text ff="monospace" size="sm" style={{ wordBreak: 'break-all' }} data-testid="new-token">
              {fresh}
            </Text>
            <CopyIconButton value={fresh} label={UI.copy} />
          </Group>
        </Alert>
      )}
      {live.length === 0 ? (
        <Text size="sm" c="dimmed">
          {API_TOKEN_TEXT.none}
        </Text>
      ) : (
        <Stack gap="xs" data-testid="token-list">
          {live.map((t) => (
            <TokenRow key={t.id} token={t} onRevoke={() => revoke.mutate({ id: t.id })} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** One token: name and first characters, its team and scopes, when made and last used; Revoke. */
function TokenRow({ token: t, onRevoke }: { token: AccessToken; onRevoke: () => void }) {
  return (
    <Paper withBorder p="xs" radius="sm" data-testid={`token-${t.name}`}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={500}>
            {t.name}{' '}
            <Text span size="xs" c="dimmed" ff="monospace">
              {t.prefix}…
            </Text>
          </Text>
          <Text size="xs">
            {API_TOKEN_TEXT.teamLabel}: {t.team ? t.team.name : API_TOKEN_TEXT.noTeam} ·{' '}
            {API_TOKEN_TEXT.scopesLabel}: {t.scopes.map((s) => API_SCOPE_LABELS[s]).join(', ')}
          </Text>
          <Text size="xs" c="dimmed">
            {API_TOKEN_TEXT.created} {formatDate(t.created_on)} · {API_TOKEN_TEXT.lastUsed}{' '}
            {t.last_used_on ? when(t.last_used_on) : API_TOKEN_TEXT.neverUsed}
          </Text>
        </Stack>
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          style={{ flexShrink: 0 }}
          onClick={onRevoke}
          aria-label={`${API_TOKEN_TEXT.revoke} ${t.name}`}
        >
          {API_TOKEN_TEXT.revoke}
        </Button>
      </Group>
    </Paper>
  );
}
