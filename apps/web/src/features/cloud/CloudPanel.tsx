import { Alert, Button, Checkbox, Group, Loader, Paper, Radio, ScrollArea, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  CLOUD_CONNECT_TEXT,
  CLOUD_DURATIONS,
  CLOUD_TEXT,
  configurationId,
  formatCloudCountdown,
  formatPerHour,
  sessionCost,
  togglePluginIn,
  type CloudQueueEntry,
} from '@rushes/shared';
import { toast } from '../../ui/toast.ts';
import {
  cloudKeys,
  useAvailability,
  useCancelQueue,
  useCloudTime,
  useHardware,
  useJoinQueue,
  usePlugins,
  useSoftwares,
  useStartSession,
  useSystemTypes,
} from './api.ts';
import { CloudSessionView } from './CloudSessionView.tsx';
import type { CloudPanelProps } from './panelProps.ts';
import { useServerCountdown } from './useServerCountdown.ts';

export type { CloudPanelProps };

type Step = 'type' | 'software' | 'plugins' | 'hardware' | 'duration' | 'available' | 'notAvailable';

/** List heights are capped (spec 001 §2: 20-30rem). */
const LIST_HEIGHT = '24rem';

const timezone = () => ({
  name: Intl.DateTimeFormat().resolvedOptions().timeZone,
  offset: -new Date().getTimezoneOffset(),
});

/** In queue (spec 001 §4): the place in line; an offered machine waits for the confirmation. */
function InQueue({
  entry,
  skew,
  onConfirm,
  confirming,
}: {
  entry: CloudQueueEntry;
  skew: number;
  onConfirm: () => void;
  confirming: boolean;
}) {
  const queryClient = useQueryClient();
  const left = useServerCountdown(entry.confirm_before, skew);
  const cancel = useCancelQueue({
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: cloudKeys.time }),
  });
  const offered = entry.machine_status === 'machine_available';
  return (
    <Stack gap="sm">
      <Text fw={600}>{offered ? CLOUD_TEXT.queueOffered : CLOUD_TEXT.inQueue}</Text>
      {!offered && (
        <Text size="sm">
          {CLOUD_TEXT.queuePosition}: {entry.position}
        </Text>
      )}
      {offered && left !== null && <Text size="sm">{formatCloudCountdown(left)}</Text>}
      <Group>
        {offered && (
          <Button loading={confirming} onClick={onConfirm}>
            {CLOUD_TEXT.confirm}
          </Button>
        )}
        <Button
          variant="default"
          loading={cancel.isPending}
          onClick={() => cancel.mutate({ cloud_resource_queue_id: entry.cloud_resource_queue_id })}
        >
          {CLOUD_TEXT.cancelQueue}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The cloud-session wizard (spec 001 §2, §4): system type, software (produb_editing opens its tool
 * in a new tab), plugins (auto-select; deselect removes only itself), hardware, duration, then
 * available / not available → in queue, and the caller's session: preparing, ready, next steps.
 */
export default function CloudPanel({ projectDbId, taskDbId }: CloudPanelProps) {
  const queryClient = useQueryClient();
  const time = useCloudTime();
  const [step, setStep] = useState<Step>('type');
  const [type, setType] = useState<string | null>(null);
  const [software, setSoftware] = useState<string | null>(null);
  const [plugins, setPlugins] = useState<string[]>([]);
  const [hardware, setHardware] = useState<string | null>(null);
  const [duration, setDuration] = useState<number>(60);
  const types = useSystemTypes(projectDbId);
  const softwares = useSoftwares(projectDbId);
  const pluginList = usePlugins(projectDbId, software);
  const hardwareList = useHardware(projectDbId, software);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: cloudKeys.time });

  const chosenSoftware = softwares.data?.softwares.find((s) => s.slug === software);
  // the server lists only what its workstations can run: an empty list says why, not a blank step
  const ofType = softwares.data?.softwares.filter((s) => s.system_type === type) ?? [];
  const chosenHardware = hardwareList.data?.hardware.find((h) => h.slug === hardware);
  const offered = pluginList.data?.plugins ?? [];
  const perHour =
    (chosenHardware?.pricing ?? 0) +
    offered.filter((p) => plugins.includes(p.slug)).reduce((sum, p) => sum + p.pricing, 0);
  const configId = software && hardware ? configurationId(software, hardware, plugins) : '';

  // A failed call's toast is the app's (the mutation cache shows it once): the steps only move.
  // All machines busy answers available: false (the not-available step offers the queue); no machine
  // at all is 'Resource is not available', back to the type step (spec 001 §4 steps 2 and 4).
  const availability = useAvailability({
    onSuccess: (data) => setStep(data.available ? 'available' : 'notAvailable'),
    onError: () => setStep('type'),
  });
  const start = useStartSession({ onSuccess: refresh });
  const join = useJoinQueue({ onSuccess: refresh });

  if (time.isPending) return <Loader />;
  const session = time.data?.session ?? null;
  const skew = time.data?.skew ?? 0;
  if (session) return <CloudSessionView session={session} skew={skew} />;
  const entry = time.data?.queue ?? null;
  if (entry) {
    const confirm = () => {
      const [sw, hw, pl] = entry.cloud_configuration_db_id.split('.');
      start.mutate({
        project_db_id: entry.project_db_id,
        duration: entry.duration,
        task_type: 'task',
        cloud_configuration_db_id: entry.cloud_configuration_db_id,
        software_slug: sw!,
        hardware_slug: hw!,
        plugin_slug: pl ? pl.split('+') : [],
        timezone: timezone(),
      });
    };
    return <InQueue entry={entry} skew={skew} onConfirm={confirm} confirming={start.isPending} />;
  }

  const body = {
    project_db_id: projectDbId,
    ...(taskDbId ? { task_db_id: taskDbId } : {}),
    task_type: 'task',
  };

  return (
    <Stack gap="md">
      {step === 'type' && (
        <Stack gap="xs">
          <Text fw={600}>{CLOUD_TEXT.stepType}</Text>
          <Radio.Group value={type} onChange={setType}>
            <Stack gap="xs">
              {types.data?.system_types.map((t) => (
                <Radio key={t.slug} value={t.slug} label={t.title} />
              ))}
            </Stack>
          </Radio.Group>
          <Button disabled={!type} onClick={() => setStep('software')}>
            {CLOUD_TEXT.next}
          </Button>
        </Stack>
      )}
      {step === 'software' && (
        <Stack gap="xs">
          <Text fw={600}>{CLOUD_TEXT.stepSoftware}</Text>
          <ScrollArea.Autosize mah={LIST_HEIGHT}>
            <Stack gap="xs">
              {softwares.isSuccess && ofType.length === 0 && (
                <Alert color="yellow">{CLOUD_CONNECT_TEXT.noSoftware}</Alert>
              )}
              {ofType.map((s) => (
                <Paper
                  key={s.slug}
                  withBorder
                  p="sm"
                  style={{ cursor: 'pointer' }}
                  bg={software === s.slug ? 'var(--mantine-color-blue-light)' : undefined}
                  onClick={() => {
                    if (s.external_url) {
                      window.open(s.external_url, '_blank', 'noopener');
                      return;
                    }
                    setSoftware(s.slug);
                    setPlugins([]);
                  }}
                >
                  <Text size="sm">{s.title}</Text>
                </Paper>
              ))}
            </Stack>
          </ScrollArea.Autosize>
          <Group>
            <Button variant="default" onClick={() => setStep('type')}>
              {CLOUD_TEXT.back}
            </Button>
            <Button
              disabled={!chosenSoftware}
              onClick={() => setStep(chosenSoftware?.skip_plugins ? 'hardware' : 'plugins')}
            >
              {CLOUD_TEXT.next}
            </Button>
          </Group>
        </Stack>
      )}
      {step === 'plugins' && (
        <Stack gap="xs">
          <Text fw={600}>{CLOUD_TEXT.stepPlugins}</Text>
          <ScrollArea.Autosize mah={LIST_HEIGHT}>
            <Stack gap="xs">
              {pluginList.isSuccess && offered.length === 0 && (
                <Text size="sm" c="dimmed">
                  {CLOUD_CONNECT_TEXT.noPlugins}
                </Text>
              )}
              {offered.map((p) => (
                <Checkbox
                  key={p.slug}
                  checked={plugins.includes(p.slug)}
                  onChange={() => setPlugins((sel) => togglePluginIn(offered, sel, p.slug))}
                  label={`${p.title} · +${formatPerHour(p.pricing)}`}
                  description={p.configurations.description}
                />
              ))}
            </Stack>
          </ScrollArea.Autosize>
          <Group>
            <Button variant="default" onClick={() => setStep('software')}>
              {CLOUD_TEXT.back}
            </Button>
            <Button onClick={() => setStep('hardware')}>
              {plugins.length ? CLOUD_TEXT.next : CLOUD_TEXT.skip}
            </Button>
          </Group>
        </Stack>
      )}
      {step === 'hardware' && (
        <Stack gap="xs">
          <Text fw={600}>{CLOUD_TEXT.stepHardware}</Text>
          <ScrollArea.Autosize mah={LIST_HEIGHT}>
            <Radio.Group value={hardware} onChange={setHardware}>
              <Stack gap="xs">
                {hardwareList.data?.hardware.map((h) => (
                  <Radio
                    key={h.slug}
                    value={h.slug}
                    label={`${h.title} · ${formatPerHour(h.pricing)}`}
                    description={`${h.configurations.processors}. ${h.configurations.message}`}
                  />
                ))}
              </Stack>
            </Radio.Group>
          </ScrollArea.Autosize>
          <Group>
            <Button
              variant="default"
              onClick={() => setStep(chosenSoftware?.skip_plugins ? 'software' : 'plugins')}
            >
              {CLOUD_TEXT.back}
            </Button>
            <Button disabled={!hardware} onClick={() => setStep('duration')}>
              {CLOUD_TEXT.next}
            </Button>
          </Group>
        </Stack>
      )}
      {step === 'duration' && (
        <Stack gap="xs">
          <Text fw={600}>{CLOUD_TEXT.stepDuration}</Text>
          <Radio.Group value={String(duration)} onChange={(v) => setDuration(Number(v))}>
            <Group>
              {CLOUD_DURATIONS.map((d) => (
                <Radio key={d} value={String(d)} label={`${d / 60} h`} />
              ))}
            </Group>
          </Radio.Group>
          <Text size="sm">
            {formatPerHour(perHour)} · {CLOUD_TEXT.total}: {sessionCost(perHour, duration)} PSC
          </Text>
          <Group>
            <Button variant="default" onClick={() => setStep('hardware')}>
              {CLOUD_TEXT.back}
            </Button>
            <Button
              loading={availability.isPending}
              onClick={() => availability.mutate({ ...body, duration, cloud_configuration_db_id: configId })}
            >
              {CLOUD_TEXT.checkAvailability}
            </Button>
          </Group>
        </Stack>
      )}
      {step === 'available' && (
        <Stack gap="xs">
          <Alert color="green">{CLOUD_TEXT.available}</Alert>
          <Text size="sm">
            {CLOUD_TEXT.total}: {availability.data?.amount ?? sessionCost(perHour, duration)} PSC
          </Text>
          <Group>
            <Button variant="default" onClick={() => setStep('duration')}>
              {CLOUD_TEXT.back}
            </Button>
            <Button
              loading={start.isPending}
              onClick={() =>
                start.mutate({
                  ...body,
                  duration,
                  cloud_configuration_db_id: configId,
                  software_slug: software!,
                  hardware_slug: hardware!,
                  plugin_slug: plugins,
                  timezone: timezone(),
                })
              }
            >
              {CLOUD_TEXT.startSession}
            </Button>
          </Group>
        </Stack>
      )}
      {step === 'notAvailable' && (
        <Stack gap="xs">
          <Alert color="yellow">{CLOUD_TEXT.notAvailable}</Alert>
          <Group>
            <Button variant="default" onClick={() => setStep('duration')}>
              {CLOUD_TEXT.back}
            </Button>
            <Button
              loading={join.isPending}
              onClick={() =>
                join.mutate(
                  { ...body, duration, cloud_configuration_db_id: configId },
                  { onSuccess: () => toast.info(CLOUD_TEXT.inQueue) },
                )
              }
            >
              {CLOUD_TEXT.joinQueue}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
