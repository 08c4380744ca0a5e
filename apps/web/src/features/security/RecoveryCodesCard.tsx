import { Button, Group, Paper, SimpleGrid, Stack, Text, Alert } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { SIGNIN_UI, type SecurityOverview } from '@rushes/shared';
import { showApiError } from '../../app/apiErrors.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { CopyIconButton } from '../../ui/CopyIconButton.tsx';
import { toast } from '../../ui/toast.ts';
import { useCreateRecoveryCodes, useRefreshSecurity } from './api.ts';

function download(codes: string[]) {
  const blob = new Blob([`Rushes recovery codes\n\n${codes.join('\n')}\n`], { type: 'text/plain' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = 'rushes-recovery-codes.txt';
  a.click();
  URL.revokeObjectURL(url);
}

/** Recovery codes: created (or replaced) on demand and shown once, to copy or download. */
export function RecoveryCodesCard({ recovery }: { recovery: SecurityOverview['recovery'] }) {
  const refresh = useRefreshSecurity();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [confirming, setConfirming] = useState(false);
  const create = useCreateRecoveryCodes({
    onSuccess: (answer) => {
      setCodes(answer.codes);
      setConfirming(false);
      toast.success(answer.message);
      refresh();
    },
    onError: showApiError,
  });

  return (
    <Paper withBorder p="md" radius="md" data-testid="recovery-card">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Text fw={600}>{SIGNIN_UI.recoveryCodes}</Text>
            <Text size="sm" c="dimmed">
              {SIGNIN_UI.recoveryCodesHint}{' '}
              {recovery ? SIGNIN_UI.recoveryRemaining(recovery.remaining) : SIGNIN_UI.noRecoveryCodes}
            </Text>
          </Stack>
          {!codes && (
            <Button
              size="xs"
              variant={recovery ? 'default' : 'filled'}
              loading={create.isPending}
              onClick={() => (recovery ? setConfirming(true) : create.mutate({}))}
            >
              {recovery ? SIGNIN_UI.regenerateRecoveryCodes : SIGNIN_UI.createRecoveryCodes}
            </Button>
          )}
        </Group>
        {codes && (
          <Alert color="yellow" variant="light" title={SIGNIN_UI.recoveryShownOnce}>
            <SimpleGrid cols={2} spacing={4} data-testid="recovery-codes">
              {codes.map((code) => (
                <Text key={code} ff="monospace" size="sm">
                  {code}
                </Text>
              ))}
            </SimpleGrid>
            <Group gap="xs" mt="sm">
              <CopyIconButton value={codes.join('\n')} label={SIGNIN_UI.copy} />
              <Button
                size="compact-sm"
                variant="subtle"
                leftSection={<IconDownload size={14} />}
                onClick={() => download(codes)}
              >
                {SIGNIN_UI.download}
              </Button>
              <Button size="compact-sm" onClick={() => setCodes(null)}>
                {SIGNIN_UI.done}
              </Button>
            </Group>
          </Alert>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={SIGNIN_UI.recoveryCodes}
        message={SIGNIN_UI.regenerateConfirm}
        confirmLabel={SIGNIN_UI.regenerateRecoveryCodes}
        loading={create.isPending}
        onConfirm={() => create.mutate({})}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}
