import { Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AUDIT_ACTIONS, AUDIT_TEXT as T } from '@rushes/shared';
import { auditRoutes } from '@rushes/shared/routes/audit';
import { call } from '../../api/client.ts';
import { ListStatus } from '../../ui/ListStatus.tsx';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const SHOWN = 10;

/**
 * Account settings → Recent security activity: the caller's own account events (never shown in a
 * team's log), so a sign-in they do not recognise stands out.
 */
export function RecentSecurityActivity() {
  const mine = useQuery({
    queryKey: ['audit', 'mine'],
    queryFn: ({ signal }) => call(auditRoutes.mine, { entries_per_page: SHOWN }, { signal }),
  });
  const entries = mine.data?.entries ?? [];
  return (
    <Stack gap="sm" data-testid="security-activity">
      <Stack gap={2}>
        <Title order={4}>{T.recentActivity}</Title>
        <Text size="sm" c="dimmed">
          {T.recentHint}
        </Text>
      </Stack>
      {mine.data && entries.length > 0 ? (
        <Table verticalSpacing={4} fz="sm">
          <Table.Tbody>
            {entries.map((e) => (
              <Table.Tr key={e.entry_db_id}>
                <Table.Td>
                  <Text size="sm">{AUDIT_ACTIONS[e.action as keyof typeof AUDIT_ACTIONS] ?? e.action}</Text>
                  <Text size="xs" c="dimmed">
                    {when.format(new Date(e.created_on))}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm">{e.ip ?? ''}</Text>
                  <Text size="xs" c="dimmed">
                    {e.browser}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <ListStatus query={mine} empty={entries.length === 0} emptyText={T.noActivity} />
      )}
    </Stack>
  );
}
