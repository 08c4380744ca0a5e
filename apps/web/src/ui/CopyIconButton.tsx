import { ActionIcon, CopyButton, Tooltip, type ActionIconProps } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { SHARE_COPIED_MS, UI } from '@rushes/shared';

/**
 * Copies `value`; its label turns to 'Copied' for 2 s (spec 002 §9), or `timeout` ms (cloud
 * credentials 3 s, an upload id 1 s: spec 001 §2).
 */
export function CopyIconButton({
  value,
  label,
  disabled,
  timeout = SHARE_COPIED_MS,
  ...props
}: { value: string; label: string; disabled?: boolean; timeout?: number } & ActionIconProps) {
  return (
    <CopyButton value={value} timeout={timeout}>
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
