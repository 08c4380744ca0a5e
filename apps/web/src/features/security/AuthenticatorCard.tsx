import { Button, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { SIGNIN_UI, type RouteOutput } from '@rushes/shared';
import type { signinRoutes } from '@rushes/shared/routes/signin';
import { showApiError } from '../../app/apiErrors.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { CopyIconButton } from '../../ui/CopyIconButton.tsx';
import { toast } from '../../ui/toast.ts';
import { OtpEntry } from '../../ui/OtpEntry.tsx';
import {
  confirmAuthenticator,
  setUpAuthenticator,
  useRefreshSecurity,
  useRemoveAuthenticator,
} from './api.ts';

type Setup = RouteOutput<typeof signinRoutes.totpSetup>;

/**
 * The authenticator app: set up with a QR code (or the key typed by hand), counted only once a first
 * code confirms it; removed after a confirmation.
 */
export function AuthenticatorCard({ addedAt }: { addedAt: string | null }) {
  const refresh = useRefreshSecurity();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [starting, setStarting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useRemoveAuthenticator({
    onSuccess: (answer) => {
      toast.success(answer.message);
      setConfirming(false);
      refresh();
    },
    onError: showApiError,
  });

  const start = async () => {
    setStarting(true);
    try {
      setSetup(await setUpAuthenticator());
    } catch (error) {
      showApiError(error);
    } finally {
      setStarting(false);
    }
  };

  return (
    <Paper withBorder p="md" radius="md" data-testid="authenticator-card">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Text fw={600}>{SIGNIN_UI.authenticator}</Text>
            <Text size="sm" c="dimmed">
              {addedAt
                ? `${SIGNIN_UI.authenticatorOn} ${SIGNIN_UI.created} ${new Date(addedAt).toLocaleDateString()}.`
                : SIGNIN_UI.authenticatorOff}
            </Text>
          </Stack>
          {addedAt ? (
            <Button size="xs" variant="subtle" color="red" onClick={() => setConfirming(true)}>
              {SIGNIN_UI.remove}
            </Button>
          ) : (
            !setup && (
              <Button size="xs" loading={starting} onClick={() => void start()}>
                {SIGNIN_UI.setUpAuthenticator}
              </Button>
            )
          )}
        </Group>
        {setup && !addedAt && (
          <Stack gap="sm">
            <Text size="sm">{SIGNIN_UI.scanQr}</Text>
            <Image src={setup.qr_data_url} alt={SIGNIN_UI.scanQr} w={180} h={180} bg="white" />
            <Text size="xs" c="dimmed">
              {SIGNIN_UI.manualKey}
            </Text>
            <Group gap={4} wrap="nowrap">
              <Text ff="monospace" size="sm" style={{ wordBreak: 'break-all' }} data-testid="totp-secret">
                {setup.secret}
              </Text>
              <CopyIconButton value={setup.secret} label={SIGNIN_UI.copy} />
            </Group>
            <OtpEntry
              label={SIGNIN_UI.confirmCode}
              submitLabel={SIGNIN_UI.confirm}
              onSubmit={async (code) => {
                const answer = await confirmAuthenticator(code);
                toast.success(answer.message);
                setSetup(null);
                refresh();
              }}
            />
            <Group justify="flex-start">
              <Button size="compact-sm" variant="subtle" onClick={() => setSetup(null)}>
                {SIGNIN_UI.cancel}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={SIGNIN_UI.authenticator}
        message={SIGNIN_UI.removeAuthenticatorConfirm}
        confirmLabel={SIGNIN_UI.remove}
        loading={remove.isPending}
        onConfirm={() => remove.mutate({})}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}
