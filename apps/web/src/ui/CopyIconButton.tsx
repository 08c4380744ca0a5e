import { ActionIcon, CopyButton, Tooltip, type ActionIconProps } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { SHARE_COPIED_MS, UI } from '@rushes/shared';

/** Copies `value`; its label turns to 'Copied' for 2 s (spec 002 §9). */
export function CopyIconButton({
  value,
  label,
  disabled,
  ...props
}: { value: string; label: string; disabled?: boolean } & ActionIconProps) {
  return (
    <CopyButton value={value} timeout={SHARE_COPIED_MS}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? UI.copied : label} opened={copied || undefined}>
          <ActionIcon
            {...props}
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            aria-label={copied ? UI.copied : label}
            onClick={copy}
            disabled={disabled}
          >
            {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}
