import { Button, Group, PinInput, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  MSG,
  OTP_ERROR_CLEAR_MS,
  OTP_LENGTH,
  OTP_RESEND_SECONDS,
  formatCountdown,
  loginOtpBody,
  UI,
} from '@rushes/shared';
import { ApiError } from '../api/client.ts';
import { Form } from './Form.tsx';
import { toast } from './toast.ts';
import { useCountdown } from './useCountdown.ts';

interface OtpEntryProps {
  submitLabel: string;
  /** Sends the code; a thrown ApiError's message shows inline. */
  onSubmit: (otp: string) => Promise<unknown>;
  /**
   * Sends a new code; answers the server's message (shown as a success toast). Without it (an
   * authenticator app's code) there is nothing to resend and no countdown.
   */
  onResend?: () => Promise<string>;
  /** The boxes' name (default 'Verification code'). */
  label?: string;
}

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : MSG.somethingWentWrong);

/**
 * Six single-digit boxes (spec 002 §4 Two-factor toggle): digits only; a paste of up to six
 * digits fills them and submits when all six are there; the error clears after
 * OTP_ERROR_CLEAR_MS; 'Resend code' waits OTP_RESEND_SECONDS with an mm:ss countdown.
 */
export function OtpEntry({ submitLabel, onSubmit, onResend, label = UI.verificationCode }: OtpEntryProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [resending, setResending] = useState(false);
  const countdown = useCountdown(OTP_RESEND_SECONDS);

  useEffect(() => {
    if (!error) return;
    const id = window.setTimeout(() => setError(null), OTP_ERROR_CLEAR_MS);
    return () => window.clearTimeout(id);
  }, [error]);

  const submit = async (value: string) => {
    if (pending) return;
    const parsed = loginOtpBody.safeParse({ otp: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MSG.otpDigits);
      return;
    }
    setPending(true);
    setError(null);
    try {
      await onSubmit(parsed.data.otp);
    } catch (err) {
      // A refused code is cleared so the next one can be typed straight in.
      setCode('');
      setError(messageOf(err));
    } finally {
      setPending(false);
    }
  };

  const resend = async () => {
    if (!onResend) return;
    setResending(true);
    setError(null);
    try {
      const message = await onResend();
      toast.success(message);
      setCode('');
      countdown.restart();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setResending(false);
    }
  };

  return (
    <Form gap="md" onSubmit={() => void submit(code)}>
      <PinInput
        aria-label={label}
        length={OTP_LENGTH}
        type="number"
        oneTimeCode
        autoFocus
        value={code}
        onChange={(value) => {
          setCode(value);
          setError(null);
        }}
        onComplete={(value) => void submit(value)}
        error={Boolean(error)}
        disabled={pending}
        getInputProps={(index) => ({ 'aria-label': UI.verificationDigit(index + 1) })}
      />
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
      <Group justify={onResend ? 'space-between' : 'flex-end'}>
        {onResend && (
          <Group gap="xs">
            <Button
              variant="subtle"
              onClick={() => void resend()}
              disabled={!countdown.done}
              loading={resending}
            >
              {UI.resendCode}
            </Button>
            {!countdown.done && (
              <Text size="sm" c="dimmed" aria-live="polite">
                {formatCountdown(countdown.remaining)}
              </Text>
            )}
          </Group>
        )}
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </Group>
    </Form>
  );
}
