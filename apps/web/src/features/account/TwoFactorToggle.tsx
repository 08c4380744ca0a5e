import { Modal, Stack, Switch, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { API, MSG, UI } from '@rushes/shared';
import { api } from '../../api/client.ts';
import { useUser } from '../../api/currentUser.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { OtpEntry } from '../../ui/OtpEntry.tsx';
import { toast } from '../../ui/toast.ts';

const sendCode = () => api.post<{ message: string }>(API.account.twoFactorSend, { scope: 'account' });

/**
 * The account's two-factor switch (spec 002 §4 Two-factor toggle): a click e-mails a code and
 * opens the 6-box dialog; submitting the code sets the new state. Forced on and disabled when the
 * team owner enforces two-factor for the account.
 */
export function TwoFactorToggle() {
  const user = useUser();
  const queryClient = useQueryClient();
  const forced = user.is_two_factor_authentication_enabled_by_team;
  const enabled = forced || user.two_factor_authentication_enabled;
  /** The state the user asked for, while the code dialog is open. */
  const [desired, setDesired] = useState<boolean | null>(null);
  const [sentMessage, setSentMessage] = useState('');

  const send = useMutation({
    mutationFn: (_wanted: boolean) => sendCode(),
    onSuccess: (data, wanted) => {
      setSentMessage(data.message);
      setDesired(wanted);
    },
  });

  const verify = async (otp: string) => {
    if (desired === null) return;
    const data = await api.put<{ message: string }>(API.account.twoFactorVerify, {
      scope: 'account',
      otp,
      two_factor_authentication_enabled: desired,
    });
    setDesired(null);
    toast.success(data.message);
    await queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
  };

  const resend = async () => (await sendCode()).message;

  return (
    <>
      <Switch
        label={UI.twoFactor}
        description={forced ? MSG.twoFactorForcedByTeam : undefined}
        checked={enabled}
        disabled={forced || send.isPending}
        onChange={(event) => send.mutate(event.currentTarget.checked)}
      />
      <Modal
        opened={desired !== null}
        onClose={() => setDesired(null)}
        title={UI.twoFactorDialogTitle}
        centered
      >
        <Stack gap="md">
          {sentMessage && (
            <Text size="sm" c="dimmed">
              {sentMessage}
            </Text>
          )}
          <OtpEntry submitLabel={UI.submit} onSubmit={verify} onResend={resend} />
        </Stack>
      </Modal>
    </>
  );
}
