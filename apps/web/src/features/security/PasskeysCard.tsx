import { Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { PASSKEY_NAME_MAX, SIGNIN_MSG, SIGNIN_UI, type PasskeyItem } from '@rushes/shared';
import { showApiError } from '../../app/apiErrors.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { toast } from '../../ui/toast.ts';
import { passkeysAvailable } from '../auth/signinApi.ts';
import { addPasskey, useRefreshSecurity, useRemovePasskey, useRenamePasskey } from './api.ts';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : SIGNIN_UI.never);

/** The account's passkeys: add one (the browser's dialog), rename, remove. */
export function PasskeysCard({ passkeys }: { passkeys: PasskeyItem[] }) {
  const refresh = useRefreshSecurity();
  const [adding, setAdding] = useState(false);
  const available = passkeysAvailable();

  const add = async () => {
    setAdding(true);
    try {
      const added = await addPasskey();
      toast.success(`${SIGNIN_MSG.passkeyAdded}: ${added.name}`);
      refresh();
    } catch (error) {
      showApiError(error);
    } finally {
      setAdding(false);
    }
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Text fw={600}>{SIGNIN_UI.passkeys}</Text>
            <Text size="sm" c="dimmed">
              {SIGNIN_UI.passkeysHint}
            </Text>
          </Stack>
          {available && (
            <Button size="xs" leftSection={<IconKey size={14} />} loading={adding} onClick={() => void add()}>
              {SIGNIN_UI.addPasskey}
            </Button>
          )}
        </Group>
        {!available && (
          <Text size="sm" c="orange.8">
            {SIGNIN_UI.passkeysNeedSecure}
          </Text>
        )}
        {passkeys.length === 0 ? (
          <Text size="sm" c="dimmed">
            {SIGNIN_UI.noPasskeys}
          </Text>
        ) : (
          passkeys.map((p) => <PasskeyRow key={p.passkey_id} passkey={p} onChanged={refresh} />)
        )}
      </Stack>
    </Paper>
  );
}

function PasskeyRow({ passkey, onChanged }: { passkey: PasskeyItem; onChanged: () => void }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const [confirming, setConfirming] = useState(false);
  const rename = useRenamePasskey({
    onSuccess: (answer) => {
      toast.success(answer.message);
      setEditing(false);
      onChanged();
    },
    onError: showApiError,
  });
  const remove = useRemovePasskey({
    onSuccess: (answer) => {
      toast.success(answer.message);
      setConfirming(false);
      onChanged();
    },
    onError: showApiError,
  });

  return (
    <Group justify="space-between" wrap="nowrap" data-testid="passkey-row">
      {editing ? (
        <Group gap="xs" wrap="nowrap" style={{ flex: 1 }}>
          <TextInput
            aria-label={SIGNIN_UI.passkeyName}
            size="xs"
            value={name}
            maxLength={PASSKEY_NAME_MAX}
            onChange={(e) => setName(e.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button
            size="compact-sm"
            loading={rename.isPending}
            disabled={!name.trim()}
            onClick={() => rename.mutate({ passkey_id: passkey.passkey_id, name: name.trim() })}
          >
            {SIGNIN_UI.save}
          </Button>
          <Button size="compact-sm" variant="subtle" onClick={() => setEditing(false)}>
            {SIGNIN_UI.cancel}
          </Button>
        </Group>
      ) : (
        <>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Group gap={6}>
              <Text size="sm" fw={500} truncate>
                {passkey.name}
              </Text>
              {passkey.synced && (
                <Badge size="xs" variant="light">
                  {SIGNIN_UI.synced}
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {SIGNIN_UI.created} {when(passkey.created_at)} · {SIGNIN_UI.lastUsed}{' '}
              {when(passkey.last_used_at)}
            </Text>
          </Stack>
          <Group gap={4} wrap="nowrap">
            <Button size="compact-sm" variant="subtle" onClick={() => setEditing(true)}>
              {SIGNIN_UI.rename}
            </Button>
            <Button size="compact-sm" variant="subtle" color="red" onClick={() => setConfirming(true)}>
              {SIGNIN_UI.remove}
            </Button>
          </Group>
        </>
      )}
      <ConfirmDialog
        opened={confirming}
        title={SIGNIN_UI.remove}
        message={SIGNIN_UI.removePasskeyConfirm}
        confirmLabel={SIGNIN_UI.remove}
        loading={remove.isPending}
        onConfirm={() => remove.mutate({ passkey_id: passkey.passkey_id })}
        onClose={() => setConfirming(false)}
      />
    </Group>
  );
}
