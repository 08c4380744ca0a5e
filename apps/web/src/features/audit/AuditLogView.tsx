import { Anchor, Badge, Button, Group, Loader, Select, Stack, Table, Text, Tooltip } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconDownload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { AUDIT_ACTIONS, AUDIT_ACTION_NAMES, AUDIT_TEXT as T, type AuditEntry } from '@rushes/shared';
import { useTeamMembers } from '../teams/api.ts';
import { auditCsvUrl, dayRange, useTeamAuditLog } from './api.ts';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const label = (action: string) => AUDIT_ACTIONS[action as keyof typeof AUDIT_ACTIONS] ?? action;

function detailText(e: AuditEntry): string {
  const parts = Object.entries(e.detail).map(([k, v]) =>
    v && typeof v === 'object' && 'to' in v
      ? `${k}: ${String((v as { to: unknown }).to)}`
      : `${k}: ${JSON.stringify(v)}`,
  );
  return parts.join(', ');
}

function Row({ e }: { e: AuditEntry }) {
  const detail = detailText(e);
  return (
    <Table.Tr data-testid="audit-row">
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{when.format(new Date(e.created_on))}</Table.Td>
      <Table.Td>{e.actor.name}</Table.Td>
      <Table.Td>
        <Text size="sm">{label(e.action)}</Text>
        {detail && (
          <Text size="xs" c="dimmed" lineClamp={2}>
            {detail}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{e.target?.label || e.target?.type || ''}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm">{e.ip ?? ''}</Text>
        {e.browser && (
          <Tooltip label={e.user_agent} multiline w={320} withinPortal>
            <Badge variant="light" size="sm">
              {e.browser}
            </Badge>
          </Tooltip>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** A team's audit log for its admins: filters (person, event, dates), the entries, Load more, Export CSV. */
export default function AuditLogView({ teamDbId }: { teamDbId: string }) {
  const [person, setPerson] = useState<string | null>(null);
  const [kind, setKind] = useState<string | null>(null);
  const [days, setDays] = useState<[string | null, string | null]>([null, null]);
  const filters = useMemo(
    () => ({ actor_db_id: person ?? undefined, action: kind ?? undefined, ...dayRange(days[0], days[1]) }),
    [person, kind, days],
  );
  const members = useTeamMembers(teamDbId);
  const log = useTeamAuditLog(teamDbId, filters);
  const people = [...(members.data?.owners ?? []), ...(members.data?.members ?? [])];
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];
  const retention = log.data?.pages[0]?.retention_days;

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={T.person}
          placeholder={T.anyone}
          data={people.map((p) => ({ value: p.user_db_id, label: p.name || p.email }))}
          value={person}
          onChange={setPerson}
          searchable
          clearable
          w={220}
          comboboxProps={{ withinPortal: false }}
        />
        <Select
          label={T.kind}
          placeholder={T.anyKind}
          data={AUDIT_ACTION_NAMES.map((a) => ({ value: a, label: AUDIT_ACTIONS[a] }))}
          value={kind}
          onChange={setKind}
          searchable
          clearable
          w={220}
          comboboxProps={{ withinPortal: false }}
        />
        <DatePickerInput
          type="range"
          label={T.dates}
          leftSection={<IconCalendar size={16} />}
          value={days}
          onChange={(v) => setDays(v as [string | null, string | null])}
          clearable
          allowSingleDateInRange
          w={260}
          popoverProps={{ withinPortal: false }}
        />
        <Button
          component="a"
          href={auditCsvUrl(teamDbId, filters)}
          download
          variant="default"
          leftSection={<IconDownload size={16} />}
        >
          {T.exportCsv}
        </Button>
      </Group>
      {log.isPending ? (
        <Loader size="sm" />
      ) : entries.length === 0 ? (
        <Text c="dimmed" size="sm">
          {T.empty}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped verticalSpacing="xs" aria-label={T.title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{T.when}</Table.Th>
                <Table.Th>{T.who}</Table.Th>
                <Table.Th>{T.what}</Table.Th>
                <Table.Th>{T.target}</Table.Th>
                <Table.Th>{T.from}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((e) => (
                <Row key={e.entry_db_id} e={e} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group justify="space-between">
        {retention ? (
          <Text size="xs" c="dimmed">
            {T.retention(retention)}
          </Text>
        ) : (
          <span />
        )}
        {log.hasNextPage && (
          <Anchor
            component="button"
            onClick={() => void log.fetchNextPage()}
            disabled={log.isFetchingNextPage}
          >
            {T.loadMore}
          </Anchor>
        )}
      </Group>
    </Stack>
  );
}
