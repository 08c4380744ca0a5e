import { Alert, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  DEVICE_TEXT,
  formatDate,
  formatTime,
  formatUserCode,
  isUserCode,
  normalizeUserCode,
} from '@rushes/shared';
import { cameraRoutes } from '@rushes/shared/routes/camera';
import { call } from '../../api/client.ts';
import { AuthCard } from '../../ui/AuthCard.tsx';
import { toast } from '../../ui/toast.ts';
import { cameraKeys } from './api.ts';

type Outcome = { kind: 'approved'; name: string } | { kind: 'denied' };

/** What the user typed as 'XXXX-XXXX' once it has eight letters. */
const shown = (typed: string) => {
  const code = normalizeUserCode(typed);
  return isUserCode(code) ? formatUserCode(code) : typed;
};

/**
 * /device?code=… — the uploader's device login (the page the program opens): the logged-in user
 * checks the code the program shows, sees which computer asks, and approves (a personal access token
 * for that computer, listed in Account Settings) or denies.
 */
export default function DevicePage() {
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState(() => shown(params.get('code') ?? ''));
  // Opened from the program with the code in the URL, the device shows at once (nothing is approved
  // until the user says so).
  const [submitted, setSubmitted] = useState<string | null>(() => params.get('code'));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'approve' | 'deny' | null>(null);
  const lookup = useQuery({
    enabled: submitted !== null,
    queryKey: [...cameraKeys.all, 'device', submitted],
    queryFn: ({ signal }) => call(cameraRoutes.device, { user_code: submitted ?? '' }, { signal }),
    retry: false,
    meta: { silent: true },
  });
  const codeError = error ?? (submitted !== null && lookup.error ? lookup.error.message : null);

  async function decide(what: 'approve' | 'deny', code: string, name: string) {
    setBusy(what);
    setError(null);
    try {
      const route = what === 'approve' ? cameraRoutes.deviceApprove : cameraRoutes.deviceDeny;
      const answer = await call(route, { user_code: code });
      toast.success(answer.message);
      void queryClient.invalidateQueries({ queryKey: [...cameraKeys.all, 'tokens'] });
      setOutcome(what === 'approve' ? { kind: 'approved', name } : { kind: 'denied' });
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(null);
    }
  }

  const find = () => {
    setError(null);
    if (submitted === typed) void lookup.refetch();
    else setSubmitted(typed);
  };

  const again = () => {
    setTyped('');
    setSubmitted(null);
    setError(null);
    setOutcome(null);
  };

  const device = submitted !== null && !lookup.isError ? lookup.data : undefined;
  return (
    <AuthCard title={DEVICE_TEXT.title}>
      {!outcome && !device && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            find();
          }}
        >
          <Stack gap="md">
            <Text size="sm">{DEVICE_TEXT.intro}</Text>
            <TextInput
              label={DEVICE_TEXT.codeLabel}
              placeholder={DEVICE_TEXT.codePlaceholder}
              value={typed}
              error={codeError}
              autoFocus
              autoComplete="off"
              maxLength={20}
              styles={{ input: { fontFamily: 'monospace', letterSpacing: 2, textTransform: 'uppercase' } }}
              onChange={(e) => {
                setTyped(shown(e.currentTarget.value));
                setSubmitted(null);
                setError(null);
              }}
            />
            <Button type="submit" loading={lookup.isFetching} disabled={!typed.trim()} fullWidth>
              {DEVICE_TEXT.find}
            </Button>
          </Stack>
        </form>
      )}
      {!outcome && device && submitted && (
        <Stack gap="md">
          <Text size="sm">{DEVICE_TEXT.intro}</Text>
          <Table withRowBorders={false} verticalSpacing={4} data-testid="device-request">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={130}>{DEVICE_TEXT.code}</Table.Th>
                <Table.Td ff="monospace">{shown(submitted)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{DEVICE_TEXT.device}</Table.Th>
                <Table.Td>{device.device_name}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{DEVICE_TEXT.requested}</Table.Th>
                <Table.Td>
                  {formatDate(device.requested_on)} {formatTime(device.requested_on)}
                </Table.Td>
              </Table.Tr>
              {device.address && (
                <Table.Tr>
                  <Table.Th>{DEVICE_TEXT.address}</Table.Th>
                  <Table.Td ff="monospace">{device.address}</Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group grow>
            <Button
              variant="default"
              color="red"
              loading={busy === 'deny'}
              disabled={busy !== null}
              onClick={() => void decide('deny', submitted, device.device_name)}
            >
              {DEVICE_TEXT.deny}
            </Button>
            <Button
              loading={busy === 'approve'}
              disabled={busy !== null}
              onClick={() => void decide('approve', submitted, device.device_name)}
            >
              {DEVICE_TEXT.approve}
            </Button>
          </Group>
        </Stack>
      )}
      {outcome?.kind === 'approved' && (
        <Alert color="green" title={DEVICE_TEXT.approvedTitle} role="status">
          {DEVICE_TEXT.approved(outcome.name)}
        </Alert>
      )}
      {outcome?.kind === 'denied' && (
        <Stack gap="md">
          <Alert color="gray" title={DEVICE_TEXT.deniedTitle} role="status">
            {DEVICE_TEXT.denied}
          </Alert>
          <Button variant="subtle" onClick={again}>
            {DEVICE_TEXT.anotherCode}
          </Button>
        </Stack>
      )}
    </AuthCard>
  );
}
