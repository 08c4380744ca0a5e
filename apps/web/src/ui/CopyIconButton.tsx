import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Tooltip, type ActionIconProps } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { SHARE_COPIED_MS, UI } from '@rushes/shared';
import { copyText } from './copyText.ts';

/**
 * Copies `value`; its label turns to 'Copied' for 2 s (spec 002 §9), or `timeout` ms (cloud
 * credentials 3 s, an upload id 1 s: spec 001 §2). Works over plain http too (copyText).
 */
export function CopyIconButton({
  value,
  label,
  disabled,
  timeout = SHARE_COPIED_MS,
  ...props
}: { value: string; label: string; disabled?: boolean; timeout?: number } & ActionIconProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = () =>
    copyText(value).then(
      () => {
        setCopied(true);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setCopied(false), timeout);
      },
      () => undefined,
    );
  return (
    <Tooltip label={copied ? UI.copied : label} opened={copied || undefined}>
      <ActionIcon
        {...props}
        variant="subtle"
        color={copied ? 'teal' : 'gray'}
        aria-label={copied ? UI.copied : label}
        onClick={() => void copy()}
        disabled={disabled}
      >
        {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
      </ActionIcon>
    </Tooltip>
  );
}
