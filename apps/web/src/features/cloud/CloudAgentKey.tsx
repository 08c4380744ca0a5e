import { Alert, Code, Group, Text } from '@mantine/core';
import { CLOUD_ADMIN_TEXT } from '@rushes/shared';
import { CopyIconButton } from '../../ui/CopyIconButton.tsx';

export interface ShownAgentKey {
  machine_db_id: string;
  key: string;
  command: string;
}

/**
 * A pool workstation's agent key with the command that starts its agent service, shown once (only
 * the key's hash is kept: closed, it cannot be shown again, only replaced by a new one).
 */
export function CloudAgentKey({
  shown,
  machineName,
  onClose,
}: {
  shown: ShownAgentKey;
  machineName: string | undefined;
  onClose: () => void;
}) {
  return (
    <Alert
      color="yellow"
      title={machineName ? `${CLOUD_ADMIN_TEXT.agentKey}: ${machineName}` : CLOUD_ADMIN_TEXT.agentKey}
      withCloseButton
      onClose={onClose}
    >
      <Text size="sm" mb="xs">
        {CLOUD_ADMIN_TEXT.agentKeyOnce}
      </Text>
      <Group gap="xs" wrap="nowrap" align="start">
        <Code
          block
          style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
          data-testid="agent-command"
        >
          {shown.command}
        </Code>
        <CopyIconButton value={shown.command} label={CLOUD_ADMIN_TEXT.copyCommand} />
      </Group>
    </Alert>
  );
}
