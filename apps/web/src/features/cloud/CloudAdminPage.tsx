import {
  Alert,
  Badge,
  Button,
  Container,
  Group,
  NumberInput,
  PasswordInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CLOUD_ADMIN_TEXT, CLOUD_TEXT, formatDate } from '@rushes/shared';
import { CloudAgentKey, type ShownAgentKey } from './CloudAgentKey.tsx';
import { CloudCatalogueEditor } from './CloudCatalogueEditor.tsx';
import { CloudHealth } from './CloudHealth.tsx';
import { toast } from '../../ui/toast.ts';
import {
  cloudKeys,
  useAddMachine,
  useAdminMachines,
  useAdminReports,
  useHandleReport,
  useRemoveMachine,
  useRotateMachineKey,
} from './api.ts';

const EMPTY = {
  name: '',
  hardware_slug: '',
  host: '',
  port: 5900,
  username: '',
  password: '',
  rotation: 'none' as 'none' | 'passwd_file',
  rotation_file: '',
};
const ROTATIONS = [
  { value: 'none', label: CLOUD_ADMIN_TEXT.rotationNone },
  { value: 'passwd_file', label: CLOUD_ADMIN_TEXT.rotationFile },
];

/**
 * Platform admins: each provider's health (CloudHealth), the catalogue (CloudCatalogueEditor), the cloud issue reports (mark handled: the reporter is notified) and the
 * pool's workstations (register with a sealed password, remove when free).
 */
export default function CloudAdminPage() {
  const queryClient = useQueryClient();
  const reports = useAdminReports();
  const machines = useAdminMachines();
  const [form, setForm] = useState(EMPTY);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [...cloudKeys.all, 'admin'] });
  const handle = useHandleReport({
    onSuccess: (d) => {
      toast.success(d.message);
      refresh();
    },
  });
  // a machine's agent key, shown once: after its registration or a new key
  const [shownKey, setShownKey] = useState<ShownAgentKey | null>(null);
  const add = useAddMachine({
    onSuccess: (d) => {
      setShownKey(d.agent_key);
      setForm(EMPTY);
      refresh();
    },
  });
  const rotate = useRotateMachineKey({
    onSuccess: (d) => {
      setShownKey(d.agent_key);
      toast.success(CLOUD_ADMIN_TEXT.agentKeyRotated);
      refresh();
    },
  });
  const remove = useRemoveMachine({ onSuccess: refresh });

  if (reports.isError) {
    return (
      <Container py="lg">
        <Alert color="red">{reports.error.message}</Alert>
      </Container>
    );
  }
  return (
    <Container size="lg" py="lg">
      <Stack gap="xl">
        <CloudHealth />
        <CloudCatalogueEditor />
        <Stack gap="sm">
          <Title order={3}>{CLOUD_TEXT.adminReports}</Title>
          <Table>
            <Table.Tbody>
              {reports.data?.reports.map((r) => (
                <Table.Tr key={r.report_db_id}>
                  <Table.Td>{formatDate(r.created_on, 'UTC')}</Table.Td>
                  <Table.Td>{r.cloud_assignment_id}</Table.Td>
                  <Table.Td>{r.reporter}</Table.Td>
                  <Table.Td>{r.error_type}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{r.error_message}</Text>
                  </Table.Td>
                  <Table.Td>
                    {r.handled_on ? (
                      <Badge color="green">{CLOUD_TEXT.reportMarkedHandled}</Badge>
                    ) : (
                      <Button size="xs" onClick={() => handle.mutate({ report_db_id: r.report_db_id })}>
                        {CLOUD_TEXT.reportMarkedHandled}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
        <Stack gap="sm">
          <Title order={3}>{CLOUD_TEXT.adminMachines}</Title>
          {shownKey && (
            <CloudAgentKey
              shown={shownKey}
              machineName={
                machines.data?.machines.find((m) => m.machine_db_id === shownKey.machine_db_id)?.name
              }
              onClose={() => setShownKey(null)}
            />
          )}
          <Table>
            <Table.Tbody>
              {machines.data?.machines.map((m) => (
                <Table.Tr key={m.machine_db_id}>
                  <Table.Td>{m.name}</Table.Td>
                  <Table.Td>{m.hardware_slug}</Table.Td>
                  <Table.Td>
                    {m.host}:{m.port}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {m.rotation === 'passwd_file'
                        ? `${CLOUD_ADMIN_TEXT.rotationFile}: ${m.rotation_file ?? ''}`
                        : CLOUD_ADMIN_TEXT.rotationNone}
                    </Text>
                  </Table.Td>
                  <Table.Td>{m.in_use ? <Badge>{CLOUD_TEXT.sessionActive}</Badge> : null}</Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {!m.has_agent_key
                        ? CLOUD_ADMIN_TEXT.agentKeyNone
                        : m.agent_seen_on
                          ? `${CLOUD_ADMIN_TEXT.agentSeen}: ${formatDate(m.agent_seen_on, 'UTC')}`
                          : CLOUD_ADMIN_TEXT.agentNeverSeen}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      loading={rotate.isPending && rotate.variables?.machine_db_id === m.machine_db_id}
                      onClick={() => rotate.mutate({ machine_db_id: m.machine_db_id })}
                    >
                      {CLOUD_ADMIN_TEXT.agentKeyRotate}
                    </Button>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      disabled={m.in_use}
                      onClick={() => remove.mutate({ machine_db_id: m.machine_db_id })}
                    >
                      {CLOUD_TEXT.removeMachine}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group align="end" gap="xs">
            {(
              [
                ['name', CLOUD_TEXT.machineName],
                ['hardware_slug', CLOUD_TEXT.machineHardware],
                ['host', CLOUD_TEXT.machineHost],
                ['username', CLOUD_TEXT.username],
              ] as const
            ).map(([k, label]) => (
              <TextInput
                key={k}
                label={label}
                value={form[k]}
                onChange={(e) => setForm({ ...form, [k]: e.currentTarget.value })}
              />
            ))}
            <NumberInput
              label={CLOUD_TEXT.machinePort}
              value={form.port}
              onChange={(v) => setForm({ ...form, port: Number(v) })}
            />
            <PasswordInput
              w={200}
              label={CLOUD_TEXT.password}
              value={form.password}
              onChange={(e) => setForm({ ...form, password: e.currentTarget.value })}
            />
            <Select
              w={320}
              label={CLOUD_ADMIN_TEXT.rotation}
              data={ROTATIONS}
              value={form.rotation}
              allowDeselect={false}
              onChange={(v) => setForm({ ...form, rotation: v === 'passwd_file' ? 'passwd_file' : 'none' })}
            />
            {form.rotation === 'passwd_file' && (
              <TextInput
                label={CLOUD_TEXT.rotationPath}
                value={form.rotation_file}
                onChange={(e) => setForm({ ...form, rotation_file: e.currentTarget.value })}
              />
            )}
            <Button
              loading={add.isPending}
              onClick={() =>
                add.mutate({
                  ...form,
                  rotation_file: form.rotation === 'passwd_file' ? form.rotation_file : undefined,
                })
              }
            >
              {CLOUD_TEXT.addMachine}
            </Button>
          </Group>
        </Stack>
      </Stack>
    </Container>
  );
}
