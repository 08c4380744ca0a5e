import { Alert, Stack, Text, Title } from '@mantine/core';
import { SIGNIN_UI } from '@rushes/shared';
import { useUser } from '../../api/currentUser.ts';
import { ListStatus } from '../../ui/ListStatus.tsx';
import { AuthenticatorCard } from './AuthenticatorCard.tsx';
import { ConfirmIdentityDialog } from './ConfirmIdentityDialog.tsx';
import { PasskeysCard } from './PasskeysCard.tsx';
import { RecoveryCodesCard } from './RecoveryCodesCard.tsx';
import { useSecurity } from './api.ts';

/**
 * Account settings → Security: passkeys, an authenticator app and recovery codes, the other ways to
 * sign in. The e-mail code and the account's two-factor switch stay as they are (TwoFactorToggle).
 */
export function SecuritySection() {
  const security = useSecurity();
  // The account's switch (or a team) as the rest of the panel shows it, live after a toggle.
  const twoFactorOn = useUser().two_factor_authentication_enabled;
  return (
    <Stack gap="md" data-testid="security-section">
      <Stack gap={2}>
        <Title order={4}>{SIGNIN_UI.security}</Title>
        <Text size="sm" c="dimmed">
          {SIGNIN_UI.securityHint}
        </Text>
      </Stack>
      {security.data ? (
        <>
          {!twoFactorOn && (
            <Alert color="blue" variant="light">
              {SIGNIN_UI.twoFactorOffNote}
            </Alert>
          )}
          <PasskeysCard passkeys={security.data.passkeys} />
          <AuthenticatorCard addedAt={security.data.authenticator?.added_at ?? null} />
          <RecoveryCodesCard recovery={security.data.recovery} />
        </>
      ) : (
        <ListStatus query={security} empty={false} emptyText="" />
      )}
      {/* Asked before a change of how one signs in here, or of the two-factor switch above. */}
      <ConfirmIdentityDialog hasPasskey={(security.data?.passkeys.length ?? 0) > 0} />
    </Stack>
  );
}
