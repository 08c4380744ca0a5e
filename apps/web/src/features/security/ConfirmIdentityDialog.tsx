import { Button, getDefaultZIndex, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { PUBLIC_MSG, SIGNIN_UI, UI } from '@rushes/shared';
import { signinRoutes } from '@rushes/shared/routes/signin';
import { ApiError, call } from '../../api/client.ts';
import { passkeysAvailable, signPasskey } from '../auth/signinApi.ts';
import { setIdentityAsker } from './recentAuth.ts';

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : PUBLIC_MSG.somethingWentWrong;

async function confirmWithPasskey() {
  const { challenge_id, options } = await call(signinRoutes.reauthPasskeyOptions, {});
  const response = await signPasskey(options);
  return call(signinRoutes.reauthPasskey, { challenge_id, response });
}

/**
 * "Confirm it's you": the password (or one of the account's passkeys) before a change of how one
 * signs in, asked when the server says the session's window has lapsed (recentAuth.ts).
 */
export function ConfirmIdentityDialog({ hasPasskey }: { hasPasskey: boolean }) {
  const [opened, setOpened] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const settle = useRef<((confirmed: boolean) => void) | null>(null);

  useEffect(() => {
    setIdentityAsker(
      () =>
        new Promise<boolean>((resolve) => {
          settle.current = resolve;
          setPassword('');
          setError('');
          setOpened(true);
        }),
    );
    return () => setIdentityAsker(null);
  }, []);

  const finish = (confirmed: boolean) => {
    setOpened(false);
    settle.current?.(confirmed);
    settle.current = null;
  };

  const attempt = async (confirm: () => Promise<unknown>) => {
    setBusy(true);
    setError('');
    try {
      await confirm();
      finish(true);
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) void attempt(() => call(signinRoutes.reauthPassword, { password }));
  };

  return (
    <Modal
      opened={opened}
      onClose={() => finish(false)}
      title={SIGNIN_UI.confirmItsYou}
      centered
      // Above the dialog that asked for the change (e.g. "Remove this passkey?"), still open behind it.
      zIndex={getDefaultZIndex('modal') + 10}
    >
      <form onSubmit={submit}>
        <Stack gap="md">
          <Text size="sm">{SIGNIN_UI.confirmItsYouHint}</Text>
          <PasswordInput
            label={UI.password}
            autoComplete="current-password"
            data-autofocus
            value={password}
            error={error || undefined}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          {hasPasskey && passkeysAvailable() && (
            <Group>
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconKey size={14} />}
                disabled={busy}
                onClick={() => void attempt(confirmWithPasskey)}
              >
                {SIGNIN_UI.confirmWithPasskey}
              </Button>
            </Group>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => finish(false)}>
              {SIGNIN_UI.cancel}
            </Button>
            <Button type="submit" loading={busy} disabled={!password}>
              {SIGNIN_UI.confirmContinue}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
