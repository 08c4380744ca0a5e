import { Box, Card, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { C2E_TEXT } from '@rushes/shared';
import { useC2eSessions } from './api.ts';

/**
 * Active sessions (001 §2): a 'New Session' tile, then 'Active Sessions' or 'No active sessions';
 * each row (folder name, camera model, session id) opens its details; a green dot when is_active,
 * yellow otherwise.
 */
export function SessionsList({
  projectDbId,
  onNew,
  onOpen,
}: {
  projectDbId: string;
  onNew: () => void;
  onOpen: (id: string) => void;
}) {
  const sessions = useC2eSessions(projectDbId);
  const list = sessions.data?.c2e_sessions ?? [];
  return (
    <Stack gap="sm">
      <UnstyledButton onClick={onNew} aria-label={C2E_TEXT.c2eNewSession}>
        <Card withBorder padding="md" w={180}>
          <Group gap="xs">
            <IconPlus size={18} />
            <Text fw={500}>{C2E_TEXT.c2eNewSession}</Text>
          </Group>
        </Card>
      </UnstyledButton>
      {sessions.isSuccess && (
        <Title order={4}>{list.length ? C2E_TEXT.c2eActiveSessions : C2E_TEXT.c2eNoActiveSessions}</Title>
      )}
      <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {list.map((s) => (
          <li key={s.c2e_session_db_id}>
            <UnstyledButton onClick={() => onOpen(s.c2e_session_db_id)} w="100%">
              <Card withBorder padding="sm">
                <Group gap="md" wrap="nowrap">
                  <Box
                    w={10}
                    h={10}
                    style={{ borderRadius: '50%', flexShrink: 0 }}
                    bg={s.is_active ? 'green.6' : 'yellow.5'}
                    data-testid={s.is_active ? 'c2e-dot-active' : 'c2e-dot-inactive'}
                  />
                  <Text fw={500} style={{ flex: 1 }}>
                    {s.folder_name}
                  </Text>
                  <Text size="sm">{s.camera_title}</Text>
                  <Text size="sm" c="dimmed">
                    {s.c2e_session_id}
                  </Text>
                </Group>
              </Card>
            </UnstyledButton>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
