import { Modal, Stack, Switch, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { MSG, UI } from '@rushes/shared';
import { useUser } from '../../api/currentUser.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { OtpEntry } from '../../ui/OtpEntry.tsx';
import { toast } from '../../ui/toast.ts';
import { sendTwoFactorCode, useSendTwoFactorCode, verifyTwoFactor } from './api.ts';

/** Whose two-factor setting the switch changes: the account, or a team its owner manages. */
export type TwoFactorScope =
  | { scope: 'account' }
  | {
      scope: 'team';
      teamDbId: string;
      /** The team's current setting. */
      enabled: boolean;
      /** Called after a change, to refresh what shows the team. */
      onChanged?: () => void;
    };

function scopeBody(props: TwoFactorScope) {
  return props.scope === 'team'
    ? { scope: 'team' as const, team_id: props.teamDbId, team_db_id: props.teamDbId }
    : { scope: 'account' as const };
}

/**
 * The two-factor switch (spec 002 §4 Two-factor toggle): a click e-mails a code and opens the
 * 6-box dialog; submitting the code sets the new state. For the account it is forced on and
 * disabled when a team owner enforces two-factor; for a team only its owner sees it.
 */
export function TwoFactorToggle(props: TwoFactorScope) {
  const user = useUser();
  const queryClient = useQueryClient();
  const forced = props.scope === 'account' && user.is_two_factor_authentication_enabled_by_team;
  const enabled = props.scope === 'team' ? props.enabled : forced || user.two_factor_authentication_enabled;
  /** The state the user asked for, while the code dialog is open. */
  const [desired, setDesired] = useState<boolean | null>(null);
  const [sentMessage, setSentMessage] = useState('');
  const forcedNoteId = useId();

  const sendCode = () => sendTwoFactorCode(scopeBody(props));

  const send = useSendTwoFactorCode({
    onSuccess: (data, { wanted }) => {
      setSentMessage(data.message);
      setDesired(wanted);
    },
  });

  const verify = async (otp: string) => {
    if (desired === null) return;
    const data = await verifyTwoFactor({
      ...scopeBody(props),
      otp,
      two_factor_authentication_enabled: desired,
    });
    setDesired(null);
    toast.success(data.message);
    if (props.scope === 'team') props.onChanged?.();
    await queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
  };

  const resend = async () => (await sendCode()).message;

  return (
    <>
      {/* The note sits outside the switch: Mantine's description is inside the switch's <label>, so
          it joined the accessible name and was read again as the description. */}
      <Stack gap={4}>
        <Switch
          label={props.scope === 'team' ? UI.teamTwoFactor : UI.twoFactor}
          aria-describedby={forced ? forcedNoteId : undefined}
          checked={enabled}
          disabled={forced || send.isPending}
          onChange={(event) => send.mutate({ body: scopeBody(props), wanted: event.currentTarget.checked })}
        />
        {forced && (
          <Text id={forcedNoteId} size="xs" c="dimmed" pl={48}>
            {MSG.twoFactorForcedByTeam}
          </Text>
        )}
      </Stack>
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
