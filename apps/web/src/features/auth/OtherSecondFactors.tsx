import { Button, Divider, Stack, Text, TextInput } from '@mantine/core';
import { IconDeviceMobile, IconKey, IconLifebuoy, IconMail } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { PUBLIC_UI, SIGNIN_UI, type RouteOutput } from '@rushes/shared';
import type { signinRoutes } from '@rushes/shared/routes/signin';
import { ApiError } from '../../api/client.ts';
import { Form } from '../../ui/Form.tsx';
import { OtpEntry } from '../../ui/OtpEntry.tsx';
import {
  passkeysAvailable,
  secondFactors,
  secondStepWithPasskey,
  secondStepWithRecovery,
  secondStepWithTotp,
} from './signinApi.ts';

export type SecondFactor = 'email' | 'passkey' | 'totp' | 'recovery';
type Available = RouteOutput<typeof signinRoutes.secondFactors>;

/** Which other second factors the pending login's user has set up (none shown until known). */
export function useSecondFactors() {
  const [available, setAvailable] = useState<Available | null>(null);
  useEffect(() => {
    let live = true;
    secondFactors()
      .then((answer) => live && setAvailable(answer))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return available;
}

const CHOICES = [
  { method: 'passkey', label: SIGNIN_UI.usePasskey, icon: IconKey },
  { method: 'totp', label: SIGNIN_UI.useAuthenticator, icon: IconDeviceMobile },
  { method: 'recovery', label: SIGNIN_UI.useRecovery, icon: IconLifebuoy },
] as const;

/** "Other ways to sign in": the factors this user set up, and back to the e-mailed code. */
export function SecondFactorChoices({
  available,
  current,
  onChoose,
}: {
  available: Available | null;
  current: SecondFactor;
  onChoose: (method: SecondFactor) => void;
}) {
  const offered = CHOICES.filter((c) => available?.[c.method] && c.method !== current);
  if (offered.length === 0 && current === 'email') return null;
  return (
    <Stack gap="xs">
      <Divider label={SIGNIN_UI.otherWays} labelPosition="center" />
      {current !== 'email' && (
        <Button variant="subtle" leftSection={<IconMail size={16} />} onClick={() => onChoose('email')}>
          {SIGNIN_UI.useEmailCode}
        </Button>
      )}
      {offered.map(({ method, label, icon: Icon }) => (
        <Button
          key={method}
          variant="subtle"
          leftSection={<Icon size={16} />}
          onClick={() => onChoose(method)}
        >
          {label}
        </Button>
      ))}
    </Stack>
  );
}

/** The second step by one of the other factors; `onDone` once the session is full. */
export function OtherFactorForm({
  method,
  onDone,
}: {
  method: Exclude<SecondFactor, 'email'>;
  onDone: () => void;
}) {
  if (method === 'passkey') return <PasskeyStep onDone={onDone} />;
  if (method === 'totp')
    return (
      <>
        <Text size="sm" c="dimmed">
          {SIGNIN_UI.authenticatorHint}
        </Text>
        <OtpEntry
          label={SIGNIN_UI.authenticatorTitle}
          submitLabel={PUBLIC_UI.verify}
          onSubmit={async (code) => {
            await secondStepWithTotp(code);
            onDone();
          }}
        />
      </>
    );
  return <RecoveryStep onDone={onDone} />;
}

function PasskeyStep({ onDone }: { onDone: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  if (!passkeysAvailable())
    return (
      <Text size="sm" c="dimmed">
        {SIGNIN_UI.passkeysNeedSecure}
      </Text>
    );
  const start = async () => {
    setPending(true);
    setError(null);
    try {
      await secondStepWithPasskey();
      onDone();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    } finally {
      setPending(false);
    }
  };
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {SIGNIN_UI.passkeyHint}
      </Text>
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
      <Button leftSection={<IconKey size={18} />} loading={pending} onClick={() => void start()}>
        {SIGNIN_UI.continueWithPasskey}
      </Button>
    </Stack>
  );
}

function RecoveryStep({ onDone }: { onDone: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async () => {
    setPending(true);
    setError(null);
    try {
      await secondStepWithRecovery(code.trim());
      onDone();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    } finally {
      setPending(false);
    }
  };
  return (
    <Form gap="sm" onSubmit={() => void submit()}>
      <Text size="sm" c="dimmed">
        {SIGNIN_UI.recoveryHint}
      </Text>
      <TextInput
        label={SIGNIN_UI.recoveryLabel}
        autoFocus
        autoComplete="off"
        spellCheck={false}
        value={code}
        error={error}
        onChange={(e) => {
          setCode(e.currentTarget.value);
          setError(null);
        }}
      />
      <Button type="submit" loading={pending} disabled={!code.trim()}>
        {PUBLIC_UI.verify}
      </Button>
    </Form>
  );
}
