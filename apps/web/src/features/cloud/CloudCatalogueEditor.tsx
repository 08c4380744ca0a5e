import {
  Alert,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import {
  CATALOGUE_FIELDS,
  CLOUD_ADMIN_TEXT,
  CLOUD_TEXT,
  formatPerHour,
  type CloudCatalogue,
  type CloudSoftware,
} from '@rushes/shared';
import { ApiError } from '../../api/client.ts';
import { showApiError } from '../../app/apiErrors.ts';
import { toast } from '../../ui/toast.ts';
import { cloudKeys, useAdminCatalogue, useSaveCatalogue } from './api.ts';

type Section = 'system_types' | 'softwares' | 'plugins' | 'hardware';

const BLANK: { [K in Section]: CloudCatalogue[K][number] } = {
  system_types: { slug: '', title: '', icon: '' },
  softwares: {
    slug: '',
    title: '',
    system_type: '',
    skip_plugins: false,
    is_adobe_license_required: false,
  },
  plugins: {
    slug: '',
    title: '',
    pricing: 0,
    softwares: [],
    configurations: { description: '', auto_select: [] },
  },
  hardware: {
    slug: '',
    title: '',
    pricing: 100,
    capacity: 1,
    configurations: { processors: '', message: '' },
  },
};

/**
 * A software's launch from the editor's words: none without a command; the check defaults to the
 * command's program. Arguments are split on spaces (the agent runs them without a shell).
 */
function launchWith(s: CloudSoftware, edit: { command?: string; check?: string }): CloudSoftware['launch'] {
  const words = (edit.command ?? s.launch?.command.join(' ') ?? '').split(/\s+/).filter(Boolean);
  if (!words.length) return undefined;
  return {
    command: words,
    check: edit.check ?? (s.launch?.check || words[0]!),
    open_folder: s.launch?.open_folder ?? false,
  };
}

/** The server's field errors ("catalogue.plugins.0.softwares": message) as lines. */
function errorLines(error: unknown) {
  const errors =
    (error instanceof ApiError && (error.data as { errors?: Record<string, string> })?.errors) || {};
  return Object.entries(errors).map(([field, message]) => `${field.replace(/^catalogue\./, '')}: ${message}`);
}

function SectionTable(props: { title: string; head: string[]; onAdd: () => void; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Title order={5}>{props.title}</Title>
        <Button size="xs" variant="light" onClick={props.onAdd}>
          {CLOUD_ADMIN_TEXT.catalogueAdd}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={900}>
        <Table verticalSpacing={4} aria-label={props.title}>
          <Table.Thead>
            <Table.Tr>
              {props.head.map((h) => (
                <Table.Th key={h}>{h}</Table.Th>
              ))}
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{props.children}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/**
 * The cloud catalogue for platform admins: system types, software (produb_editing is an
 * external link), plugins with prices and auto-select, hardware with processors, message, price per
 * hour and how many machines run at once. Saved whole; the server checks it holds together.
 */
export function CloudCatalogueEditor() {
  const queryClient = useQueryClient();
  const query = useAdminCatalogue();
  const [draft, setDraft] = useState<CloudCatalogue | null>(null);
  const save = useSaveCatalogue({
    onSuccess: (d) => {
      toast.success(CLOUD_ADMIN_TEXT.catalogueSaved);
      setDraft(d.catalogue);
      void queryClient.invalidateQueries({ queryKey: cloudKeys.all });
    },
    // the editor lists the catalogue's errors itself; anything else is the one toast shown here
    meta: { silent: true },
    onError: (err) => {
      if (errorLines(err).length === 0) showApiError(err);
    },
  });
  // the admin's edits, over what the server holds until the first edit
  const current = draft ?? query.data?.catalogue ?? null;
  if (!current) return null;
  const c = current;
  const update = (key: Section, rows: unknown[]) => setDraft({ ...c, [key]: rows });

  function patch<K extends Section>(key: K, i: number, value: Partial<CloudCatalogue[K][number]>) {
    update(
      key,
      c[key].map((row, k) => (k === i ? { ...row, ...value } : row)),
    );
  }
  const add = (key: Section) => update(key, [...c[key], structuredClone(BLANK[key])]);
  const remove = (key: Section, i: number) =>
    update(
      key,
      c[key].filter((_, k) => k !== i),
    );
  const removeCell = (key: Section, i: number) => (
    <Table.Td>
      <Button size="xs" variant="subtle" color="red" onClick={() => remove(key, i)}>
        {CLOUD_TEXT.removeMachine}
      </Button>
    </Table.Td>
  );
  const text = (label: string, value: string, onChange: (v: string) => void, w = 140) => (
    <Table.Td>
      <TextInput
        size="xs"
        w={w}
        aria-label={label}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    </Table.Td>
  );
  const price = (label: string, value: number, onChange: (v: number) => void) => (
    <Table.Td>
      <NumberInput
        size="xs"
        w={110}
        min={0}
        aria-label={label}
        value={value}
        onChange={(v) => onChange(Number(v) || 0)}
      />
      <Text size="xs" c="dimmed">
        {formatPerHour(value)}
      </Text>
    </Table.Td>
  );
  const typeOptions = c.system_types.map((t) => ({ value: t.slug, label: t.title || t.slug }));
  const softwareOptions = c.softwares.map((s) => ({ value: s.slug, label: s.title || s.slug }));
  const pluginOptions = c.plugins.map((p) => ({ value: p.slug, label: p.title || p.slug }));
  const errors = save.isError ? errorLines(save.error) : [];

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={3}>{CLOUD_ADMIN_TEXT.adminCatalogue}</Title>
        <Button loading={save.isPending} onClick={() => save.mutate({ catalogue: c })}>
          {CLOUD_ADMIN_TEXT.catalogueSave}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {CLOUD_ADMIN_TEXT.catalogueSource}
      </Text>
      {errors.length > 0 && (
        <Alert color="red">
          {errors.map((line) => (
            <Text key={line} size="sm">
              {line}
            </Text>
          ))}
        </Alert>
      )}
      <SectionTable
        title={CLOUD_ADMIN_TEXT.catalogueSystemTypes}
        head={[CLOUD_ADMIN_TEXT.slug, CLOUD_ADMIN_TEXT.title, CLOUD_ADMIN_TEXT.icon]}
        onAdd={() => add('system_types')}
      >
        {c.system_types.map((t, i) => (
          <Table.Tr key={i}>
            {text(CLOUD_ADMIN_TEXT.slug, t.slug, (slug) => patch('system_types', i, { slug }))}
            {text(CLOUD_ADMIN_TEXT.title, t.title, (title) => patch('system_types', i, { title }), 200)}
            {text(CLOUD_ADMIN_TEXT.icon, t.icon, (icon) => patch('system_types', i, { icon }))}
            {removeCell('system_types', i)}
          </Table.Tr>
        ))}
      </SectionTable>
      <SectionTable
        title={CLOUD_ADMIN_TEXT.catalogueSoftwares}
        head={[
          CLOUD_ADMIN_TEXT.slug,
          CLOUD_ADMIN_TEXT.title,
          CLOUD_ADMIN_TEXT.systemType,
          CLOUD_ADMIN_TEXT.externalUrl,
          CLOUD_ADMIN_TEXT.skipPlugins,
          CLOUD_ADMIN_TEXT.adobeLicenseRequired,
          CATALOGUE_FIELDS.launchCommand,
          CATALOGUE_FIELDS.installedCheck,
        ]}
        onAdd={() => add('softwares')}
      >
        {c.softwares.map((s, i) => (
          <Table.Tr key={i}>
            {text(CLOUD_ADMIN_TEXT.slug, s.slug, (slug) => patch('softwares', i, { slug }))}
            {text(CLOUD_ADMIN_TEXT.title, s.title, (title) => patch('softwares', i, { title }), 180)}
            <Table.Td>
              <Select
                size="xs"
                w={150}
                aria-label={CLOUD_ADMIN_TEXT.systemType}
                data={typeOptions}
                value={s.system_type || null}
                onChange={(v) => patch('softwares', i, { system_type: v ?? '' })}
              />
            </Table.Td>
            {text(
              CLOUD_ADMIN_TEXT.externalUrl,
              s.external_url ?? '',
              (v) => patch('softwares', i, { external_url: v.trim() || undefined }),
              220,
            )}
            <Table.Td>
              <Checkbox
                aria-label={CLOUD_ADMIN_TEXT.skipPlugins}
                checked={s.skip_plugins}
                onChange={(e) => patch('softwares', i, { skip_plugins: e.currentTarget.checked })}
              />
            </Table.Td>
            <Table.Td>
              <Checkbox
                aria-label={CLOUD_ADMIN_TEXT.adobeLicenseRequired}
                checked={s.is_adobe_license_required}
                onChange={(e) =>
                  patch('softwares', i, { is_adobe_license_required: e.currentTarget.checked })
                }
              />
            </Table.Td>
            {text(
              CATALOGUE_FIELDS.launchCommand,
              s.launch?.command.join(' ') ?? '',
              (command) => patch('softwares', i, { launch: launchWith(s, { command }) }),
              160,
            )}
            {text(
              CATALOGUE_FIELDS.installedCheck,
              s.launch?.check ?? '',
              (check) =>
                s.launch && patch('softwares', i, { launch: launchWith(s, { check: check.trim() }) }),
              160,
            )}
            {removeCell('softwares', i)}
          </Table.Tr>
        ))}
      </SectionTable>
      <SectionTable
        title={CLOUD_ADMIN_TEXT.cataloguePlugins}
        head={[
          CLOUD_ADMIN_TEXT.slug,
          CLOUD_ADMIN_TEXT.title,
          CLOUD_ADMIN_TEXT.pricePerHourRupees,
          CLOUD_ADMIN_TEXT.pluginSoftwares,
          CLOUD_ADMIN_TEXT.pluginDescription,
          CLOUD_ADMIN_TEXT.autoSelect,
          CATALOGUE_FIELDS.installedCheck,
        ]}
        onAdd={() => add('plugins')}
      >
        {c.plugins.map((p, i) => (
          <Table.Tr key={i}>
            {text(CLOUD_ADMIN_TEXT.slug, p.slug, (slug) => patch('plugins', i, { slug }))}
            {text(CLOUD_ADMIN_TEXT.title, p.title, (title) => patch('plugins', i, { title }), 160)}
            {price(`${p.slug} ${CLOUD_ADMIN_TEXT.pricePerHourRupees}`, p.pricing, (pricing) =>
              patch('plugins', i, { pricing }),
            )}
            <Table.Td>
              <MultiSelect
                size="xs"
                w={220}
                aria-label={CLOUD_ADMIN_TEXT.pluginSoftwares}
                data={softwareOptions}
                value={p.softwares}
                onChange={(softwares) => patch('plugins', i, { softwares })}
              />
            </Table.Td>
            {text(
              CLOUD_ADMIN_TEXT.pluginDescription,
              p.configurations.description,
              (description) => patch('plugins', i, { configurations: { ...p.configurations, description } }),
              180,
            )}
            <Table.Td>
              <MultiSelect
                size="xs"
                w={180}
                aria-label={CLOUD_ADMIN_TEXT.autoSelect}
                data={pluginOptions.filter((o) => o.value !== p.slug)}
                value={p.configurations.auto_select}
                onChange={(auto_select) =>
                  patch('plugins', i, { configurations: { ...p.configurations, auto_select } })
                }
              />
            </Table.Td>
            {text(
              CATALOGUE_FIELDS.installedCheck,
              p.check ?? '',
              (check) => patch('plugins', i, { check: check.trim() || undefined }),
              200,
            )}
            {removeCell('plugins', i)}
          </Table.Tr>
        ))}
      </SectionTable>
      <SectionTable
        title={CLOUD_ADMIN_TEXT.catalogueHardware}
        head={[
          CLOUD_ADMIN_TEXT.slug,
          CLOUD_ADMIN_TEXT.title,
          CLOUD_ADMIN_TEXT.pricePerHourRupees,
          CLOUD_ADMIN_TEXT.capacity,
          CLOUD_ADMIN_TEXT.processors,
          CLOUD_ADMIN_TEXT.hardwareMessage,
        ]}
        onAdd={() => add('hardware')}
      >
        {c.hardware.map((h, i) => (
          <Table.Tr key={i}>
            {text(CLOUD_ADMIN_TEXT.slug, h.slug, (slug) => patch('hardware', i, { slug }))}
            {text(CLOUD_ADMIN_TEXT.title, h.title, (title) => patch('hardware', i, { title }))}
            {price(`${h.slug} ${CLOUD_ADMIN_TEXT.pricePerHourRupees}`, h.pricing, (pricing) =>
              patch('hardware', i, { pricing }),
            )}
            <Table.Td>
              <NumberInput
                size="xs"
                w={80}
                min={0}
                aria-label={CLOUD_ADMIN_TEXT.capacity}
                value={h.capacity}
                onChange={(v) => patch('hardware', i, { capacity: Number(v) || 0 })}
              />
            </Table.Td>
            {text(
              CLOUD_ADMIN_TEXT.processors,
              h.configurations.processors,
              (processors) => patch('hardware', i, { configurations: { ...h.configurations, processors } }),
              180,
            )}
            {text(
              CLOUD_ADMIN_TEXT.hardwareMessage,
              h.configurations.message,
              (message) => patch('hardware', i, { configurations: { ...h.configurations, message } }),
              200,
            )}
            {removeCell('hardware', i)}
          </Table.Tr>
        ))}
      </SectionTable>
    </Stack>
  );
}
