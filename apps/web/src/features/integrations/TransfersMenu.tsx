import { Anchor, Button, Group, Menu, Stack, Text } from '@mantine/core';
import { IconArrowsTransferUpDown } from '@tabler/icons-react';
import { Link } from 'react-router';
import { INTEGRATION_TEXT as T } from '@rushes/shared';
import { TransferStatus } from './TransferStatus.tsx';
import { useTransfers } from './api.ts';
import { transfersPath } from './paths.ts';

/** The project's transfers dropdown (spec 000 §2): title and status, 25 per page, a link to the page. */
export function TransfersMenu({ projectDbId }: { projectDbId: string }) {
  const transfers = useTransfers(projectDbId);
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
          rows.map((t) => (
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
          ))
        )}
        <Menu.Divider />
        <Anchor component={Link} to={transfersPath(projectDbId)} size="sm" p="xs" display="block">
          {T.viewAll}
        </Anchor>
      </Menu.Dropdown>
    </Menu>
  );
}
