import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CREDITS_PURCHASE_MAX, CREDIT_TEXT, MSG, PAYMENT_TEXT, formatPsc } from '@rushes/shared';
import type { PanelBaseProps } from '../../app/panels/registry.ts';
import { showApiError } from '../../app/apiErrors.ts';
import { creditsKeys, useAddCredits } from './api.ts';

export interface AddCreditsPanelProps {
  teamDbId: string;
  creditsAvailable?: number;
}

/** The value's error (spec 002 §5: numeric only), or null; '' is no error yet. */
function creditsError(value: string): string | null {
  if (value === '') return null;
  if (!/^\d+$/.test(value)) return MSG.enterNumbersOnly;
  if (Number(value) > CREDITS_PURCHASE_MAX) return MSG.invalidValue;
  return null;
}

/**
 * Add credits (spec 002 §2 add credits, §5): a whole number of PSC; Next shows only with a positive
 * value and no error, and starts a payment that the checkout page completes.
 */
export default function AddCreditsPanel({
  teamDbId,
  creditsAvailable,
  close,
}: AddCreditsPanelProps & PanelBaseProps) {
  const [value, setValue] = useState('');
  // One key per opened panel: a double click or a retried request starts one payment.
  const [key] = useState(() => crypto.randomUUID());
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const add = useAddCredits({
    onSuccess: (started) => {
      void queryClient.invalidateQueries({ queryKey: creditsKeys.all });
      close();
      void navigate(started.checkout_url);
    },
    onError: showApiError,
  });
  const error = creditsError(value.trim());
  const positive = /^\d+$/.test(value.trim()) && Number(value.trim()) > 0;
  return (
    <Stack gap="md">
      {creditsAvailable !== undefined && (
        <Text c="dimmed" size="sm">
          {CREDIT_TEXT.creditsAvailable}: {formatPsc(creditsAvailable)}
        </Text>
      )}
      <TextInput
        label={PAYMENT_TEXT.creditsLabel}
        inputMode="numeric"
        value={value}
        onChange={(e) => setValue(e.currentTarget.value)}
        error={error}
        data-autofocus
      />
      {positive && !error && (
        <Button
          loading={add.isPending}
          onClick={() =>
            add.mutate({ team_db_id: teamDbId, credits: Number(value.trim()), idempotency_key: key })
          }
        >
          {PAYMENT_TEXT.next}
        </Button>
      )}
    </Stack>
  );
}
