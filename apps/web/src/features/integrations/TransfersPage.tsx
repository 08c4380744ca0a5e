import { Anchor, Button, Group, Pagination, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router';
import { INTEGRATION_TEXT as T, TRANSFERS_PAGE_SIZE, formatDate } from '@rushes/shared';
import { toast } from '../../ui/toast.ts';
import { projectPath } from '../projects/paths.ts';
import { useProjectInfo } from '../projects/api.ts';
import { TransferStatus } from './TransferStatus.tsx';
import { useCancelTransfer, useRetryTransfer, useTransfers } from './api.ts';

/**
 * /transfers/{project_db_id}/{service_name} (spec 002 §2): the project's transfers, live, 25 a page
 * (spec 000 §9); the page number is in the address (?page=) so Back returns to it.
 */
export default function TransfersPage() {
  const { projectDbId = '', service = 'all' } = useParams();
  const [search, setSearch] = useSearchParams();
  const pageNo = Math.max(1, Math.floor(Number(search.get('page')) || 1));
  const info = useProjectInfo(projectDbId);
  const transfers = useTransfers(projectDbId, {
    teamDbId: info.data?.team_db_id,
    service: service === 'all' ? undefined : service,
    pageNo,
  });
  const pages = Math.ceil((transfers.data?.total_entries ?? 0) / TRANSFERS_PAGE_SIZE);
  const cancel = useCancelTransfer({ onSuccess: (d) => toast.success(d.message) });
  const retry = useRetryTransfer();
  const rows = transfers.data?.transfers ?? [];
  return (
    <Stack p="md" gap="md">
      <Group justify="space-between">
        <Title order={1} size="h3">
          {T.transfers}
        </Title>
        {info.data && (
          <Anchor component={Link} to={projectPath(projectDbId)}>
            {info.data.title}
          </Anchor>
        )}
      </Group>
      {rows.length === 0 ? (
        <Text c="dimmed">{transfers.isPending ? T.loading : T.noTransfers}</Text>
      ) : (
        <Table striped aria-label={T.transfers}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{T.title}</Table.Th>
              <Table.Th>{T.type}</Table.Th>
              <Table.Th>{T.status}</Table.Th>
              <Table.Th>{T.progress}</Table.Th>
              <Table.Th>{T.reason}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((t) => (
              <Table.Tr key={t.transfer_db_id} data-testid="transfer-row">
                <Table.Td>
                  <Text size="sm">{t.title}</Text>
                  <Text size="xs" c="dimmed">
                    {formatDate(t.created_at)}
                    {t.destination ? ` · ${t.destination}` : ''}
                  </Text>
                </Table.Td>
                <Table.Td>{t.transfer_type}</Table.Td>
                <Table.Td>
                  <TransferStatus transfer={t} />
                </Table.Td>
                <Table.Td w={160}>
                  <Progress
                    value={
                      t.total_bytes
                        ? Math.min(100, (100 * t.done_bytes) / t.total_bytes)
                        : t.status === 'finished'
                          ? 100
                          : 0
                    }
                    aria-label={T.progress}
                  />
                  <Text size="xs" c="dimmed">{`${t.done_items} / ${t.total_items}`}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="xs" c={t.status === 'failed' ? 'red' : 'dimmed'}>
                    {t.reason ?? ''}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {(t.status === 'queued' || t.status === 'in_progress') && (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => cancel.mutate({ transfer_db_id: t.transfer_db_id })}
                    >
                      {T.cancel}
                    </Button>
                  )}
                  {t.status === 'failed' && (
                    <Button
                      size="xs"
                      variant="subtle"
                      onClick={() => retry.mutate({ transfer_db_id: t.transfer_db_id })}
                    >
                      {T.retry}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {pages > 1 && (
        <Pagination
          total={pages}
          value={Math.min(pageNo, pages)}
          onChange={(page) => setSearch(page === 1 ? {} : { page: String(page) })}
          aria-label={T.transfers}
        />
      )}
    </Stack>
  );
}
