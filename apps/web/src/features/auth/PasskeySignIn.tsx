import { Button, Divider, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { PASSKEY_LOGIN_UI } from '@rushes/shared';
import { showApiError } from '../../app/apiErrors.ts';
import { passkeysAvailable } from './webauthnSupport.ts';

/**
 * "Sign in with a passkey" beside the password form: a discoverable passkey with user verification
 * is both factors, so no second step follows. Where the browser has no WebAuthn (plain HTTP away from
 * localhost) the button is not offered and a line says why.
 */
export function PasskeySignIn({ inviteCode, onSignedIn }: { inviteCode?: string; onSignedIn: () => void }) {
  const [pending, setPending] = useState(false);
  const available = passkeysAvailable();

  const start = async () => {
    setPending(true);
    try {
      // the passkey calls load on the click: the login page's first load stays small
      const { signInWithPasskey } = await import('./signinApi.ts');
      await signInWithPasskey(inviteCode);
      onSignedIn();
    } catch (error) {
      showApiError(error);
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <Divider label={PASSKEY_LOGIN_UI.or} labelPosition="center" />
      {available ? (
        <Button
          variant="default"
          fullWidth
          leftSection={<IconKey size={18} />}
          loading={pending}
          onClick={() => void start()}
        >
          {PASSKEY_LOGIN_UI.signInWithPasskey}
        </Button>
      ) : (
        <Text size="sm" c="dimmed" ta="center" data-testid="passkeys-unavailable">
          {PASSKEY_LOGIN_UI.passkeysNeedSecure}
        </Text>
      )}
    </>
  );
}
