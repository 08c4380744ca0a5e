import { Anchor, Button, Group, Menu, ScrollArea, Stack, Text } from '@mantine/core';
import { IconArrowsTransferUpDown } from '@tabler/icons-react';
import { Link } from 'react-router';
import { INTEGRATION_TEXT as T } from '@rushes/shared';
import { TransferStatus } from './TransferStatus.tsx';
import { useProjectInfo } from '../projects/api.ts';
import { useTransfers } from './api.ts';
import { transfersPath } from './paths.ts';

/**
 * The project's transfers dropdown (spec 000 §2): the newest 25 (title and status), the link to
 * /transfers/{project_db_id}/contido the spec names, and one to all of them (every page). The rows
 * scroll inside the menu so its links stay on screen on a laptop's height (25 rows are ~800 px).
 */
export function TransfersMenu({ projectDbId }: { projectDbId: string }) {
  const teamDbId = useProjectInfo(projectDbId).data?.team_db_id;
  const transfers = useTransfers(projectDbId, { teamDbId });
  const rows = transfers.data?.transfers ?? [];
  return (
    <Menu position="bottom-end" shadow="md" width={360}>
      <Menu.Target>
        <Button variant="default" leftSection={<IconArrowsTransferUpDown size={16} />}>
          {T.transfers}
        </Button>
      </Menu.Target>
      <Menu.Dropdown aria-label={T.transfers}>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed" p="xs">
            {T.noTransfers}
          </Text>
        ) : (
          <ScrollArea.Autosize mah="min(26rem, 55vh)" type="auto">
            {rows.map((t) => (
              <Menu.Item key={t.transfer_db_id} component="div" data-testid="transfer-row">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="sm" truncate>
                      {t.title}
                    </Text>
                    {t.reason && t.status !== 'finished' && (
                      <Text size="xs" c="red" truncate>
                        {t.reason}
                      </Text>
                    )}
                  </Stack>
                  <TransferStatus transfer={t} />
                </Group>
              </Menu.Item>
            ))}
          </ScrollArea.Autosize>
        )}
        <Menu.Divider />
        <Group justify="space-between" p="xs" gap="xs">
          <Anchor component={Link} to={transfersPath(projectDbId, 'contido')} size="sm">
            {T.contidoTransfers}
          </Anchor>
          <Anchor component={Link} to={transfersPath(projectDbId)} size="sm">
            {T.viewAll}
          </Anchor>
        </Group>
      </Menu.Dropdown>
    </Menu>
  );
}
