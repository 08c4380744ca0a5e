import { Alert, Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { CLOUD_HEALTH_TEXT, formatAgo, type CloudAdminHealth } from '@rushes/shared';
import { useAdminHealth } from './api.ts';

const T = CLOUD_HEALTH_TEXT;
type Provider = CloudAdminHealth['providers'][number];
type Entry = Provider['softwares'][number];

/** A labelled row of the provider's card. */
function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** Runnable entries as badges; the others each with why not (the catalogue's launch check). */
function Runnable({ label, entries }: { label: string; entries: Entry[] }) {
  const runs = entries.filter((e) => e.runnable);
  const not = entries.filter((e) => !e.runnable);
  return (
    <Row label={label}>
      {runs.length > 0 && (
        <Group gap={4} aria-label={`${label}: ${T.runs}`}>
          {runs.map((e) => (
            <Badge key={e.slug} color="green" variant="light" tt="none">
              {e.slug}
            </Badge>
          ))}
        </Group>
      )}
      {not.length > 0 && (
        <Stack gap={2} aria-label={`${label}: ${T.cannotRun}`}>
          {not.map((e) => (
            <Text key={e.slug} size="sm">
              <Text span c="red" fw={500}>
                {e.slug}
              </Text>
              {e.reason ? ` · ${e.reason}` : ''}
            </Text>
          ))}
        </Stack>
      )}
    </Row>
  );
}

function ProviderCard({ p, now }: { p: Provider; now: number }) {
  return (
    <Paper withBorder p="md" role="region" aria-label={`${T.provider} ${p.name}`}>
      <Stack gap="sm">
        <Group gap="xs">
          <Text fw={600}>{p.name}</Text>
          {p.active && (
            <Badge variant="light" tt="none">
              {T.inUse}
            </Badge>
          )}
          {!p.unavailable_reason && (
            <Badge color="green" tt="none">
              {T.ok}
            </Badge>
          )}
        </Group>
        {p.unavailable_reason && (
          <Alert color="red" title={T.refused}>
            {p.unavailable_reason}
          </Alert>
        )}
        {p.binaries && (
          <Row label={T.programs}>
            <Group gap={4}>
              {p.binaries.present.map((b) => (
                <Badge key={b} color="green" variant="light" tt="none">
                  {b}
                </Badge>
              ))}
              {p.binaries.missing.map((b) => (
                <Badge key={b} color="red" variant="light" tt="none">
                  {b} {T.missing}
                </Badge>
              ))}
            </Group>
          </Row>
        )}
        <Row label={T.capacity}>
          <Group gap={4}>
            {p.capacity.map((c) => (
              <Badge key={c.hardware_slug} variant="outline" color="gray" tt="none">
                {c.hardware_slug}: {c.capacity}
              </Badge>
            ))}
          </Group>
        </Row>
        <Row label={`${T.sessionsRunning}: ${p.sessions_running}`}>
          {p.sessions.length === 0 ? (
            <Text size="sm" c="dimmed">
              {T.noSessions}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={480}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{T.session}</Table.Th>
                    <Table.Th>{T.status}</Table.Th>
                    <Table.Th>{T.agentPhase}</Table.Th>
                    <Table.Th>{T.lastHeartbeat}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {p.sessions.map((s) => (
                    <Table.Tr key={s.cloud_id}>
                      <Table.Td ff="monospace">{s.assignment_code}</Table.Td>
                      <Table.Td>{s.status}</Table.Td>
                      <Table.Td>{s.agent_phase ?? '—'}</Table.Td>
                      <Table.Td>
                        <Group gap="xs">
                          <Text size="sm">
                            {s.last_heartbeat ? formatAgo(s.last_heartbeat, now) : T.noHeartbeat}
                          </Text>
                          {s.agent_lost && (
                            <Badge color="red" tt="none">
                              {T.agentLost}
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Row>
        <Runnable label={T.softwares} entries={p.softwares} />
        <Runnable label={T.plugins} entries={p.plugins} />
      </Stack>
    </Paper>
  );
}

/**
 * Each provider's health for platform admins: whether it can run sessions (and why not: the reason a
 * user only reads as 'Resource is not available'), its programs, machines, running sessions with
 * their agents' heartbeats, and which catalogue entries it can run.
 */
export function CloudHealth() {
  const health = useAdminHealth();
  // heartbeats are shown relative to when this answer came (the query refetches every few seconds)
  const now = health.dataUpdatedAt;
  return (
    <Stack gap="sm">
      <Title order={3}>{T.title}</Title>
      {health.isError && <Alert color="red">{health.error.message}</Alert>}
      {health.data?.providers.map((p) => (
        <ProviderCard key={p.name} p={p} now={now} />
      ))}
    </Stack>
  );
}
