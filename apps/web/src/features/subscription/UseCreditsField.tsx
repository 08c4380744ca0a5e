import { Badge, Checkbox, Group, Text } from '@mantine/core';
import { formatNumber, LOW_BALANCE_PSC, SUB_TEXT } from '@rushes/shared';

/** The 'use credits' checkbox (spec 002 §4) with the balance and 'Low Balance' under 100 PSC. */
export function UseCreditsField({
  checked,
  onChange,
  creditsAvailable,
  disabled,
}: {
  checked: boolean;
  onChange: (v: boolean) => void;
  creditsAvailable: number | null;
  disabled?: boolean;
}) {
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Checkbox
        label={SUB_TEXT.useCredits}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.currentTarget.checked)}
      />
      {creditsAvailable !== null && (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" c="dimmed">
            {SUB_TEXT.creditsAvailable}: {formatNumber(creditsAvailable)} PSC
          </Text>
          {creditsAvailable < LOW_BALANCE_PSC && (
            <Badge color="red" variant="light">
              {SUB_TEXT.lowBalance}
            </Badge>
          )}
        </Group>
      )}
    </Group>
  );
}
