import { Button, Group, Select, Stack, Stepper, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { INTEGRATION_TEXT as T, MSG, SPRINKLR_TEXT as S, type SprinklrIntegration } from '@rushes/shared';
import { useSelectedTeam } from '../../api/currentUser.ts';
import type { PanelBaseProps } from '../../app/panels/registry.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { toast } from '../../ui/toast.ts';
import { StatusBadge } from './StatusBadge.tsx';
import { IntegrationList, WithBack, useIntegrationViews } from './IntegrationViews.tsx';
import {
  useCreateSprinklr,
  useDeleteSprinklr,
  useSprinklrIntegrations,
  useSprinklrOptions,
  validateCampaign,
} from './sprinklrApi.ts';

/**
 * Sprinklr create form (spec 002 §4, §5) with its 3-step indicator: environment (Production is an
 * explicit choice) → business unit (enabled only when units exist; agency optional) → campaign id
 * (shown once a unit is chosen; validated; Create only with a name). The id is read-only while a
 * validated name is shown; Change clears the name and unlocks it (docs/decisions/0028-integrations-and-transfers.md).
 */
function SprinklrForm({
  teamDbId,
  onCreated,
}: {
  teamDbId: string;
  onCreated: (row: SprinklrIntegration) => void;
}) {
  const [environment, setEnvironment] = useState<string | null>(null);
  const [unit, setUnit] = useState<string | null>(null);
  const [agency, setAgency] = useState<string | null>(null);
  /** what the user typed; null: the environment's preselected campaign */
  const [typedId, setTypedId] = useState<string | null>(null);
  const [campaignName, setCampaignName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [validating, setValidating] = useState(false);
  const envs = useSprinklrOptions(teamDbId, null);
  const opts = useSprinklrOptions(teamDbId, environment);
  const create = useCreateSprinklr({ onSuccess: (d) => onCreated(d.integration) });
  const units = environment ? (opts.data?.business_units ?? []) : [];
  const step = !environment ? 0 : !unit ? 1 : 2;

  const chooseEnvironment = (v: string | null) => {
    setEnvironment(v);
    setUnit(null);
    setAgency(null);
    setTypedId(null);
    setCampaignName('');
  };
  // the preselected campaign of the environment fills the id
  const preselected = environment ? (opts.data?.campaign?.id ?? null) : null;
  const campaignId = typedId ?? preselected ?? '';

  const validate = async () => {
    if (!environment || !campaignId) {
      setErrors({ campaign_id: MSG.required });
      return;
    }
    setValidating(true);
    try {
      const c = await validateCampaign(teamDbId, environment, campaignId);
      if (c.message) toast.error(c.message);
      else if (c.status === 'APPROVED') setCampaignName(c.name);
    } catch {
      toast.error(T.invalidCampaignId);
    } finally {
      setValidating(false);
    }
  };
  const submit = () => {
    const e: Record<string, string> = {};
    if (!environment) e.environment = MSG.required;
    if (!unit) e.business_unit = MSG.required;
    if (!campaignId) e.campaign_id = MSG.required;
    setErrors(e);
    if (Object.keys(e).length || !campaignName) return;
    create.mutate({
      team_db_id: teamDbId,
      environment: environment!,
      business_unit: unit!,
      campaign_id: campaignId,
      ...(agency ? { agency_for_media_assets: agency } : {}),
    });
  };
  return (
    <Stack>
      <Stepper active={step} size="xs" aria-label={T.newIntegration}>
        <Stepper.Step label={S.environment} />
        <Stepper.Step label={S.businessUnit} />
        <Stepper.Step label={S.campaignId} />
      </Stepper>
      <Select
        label={S.environment}
        data={envs.data?.environments ?? []}
        value={environment}
        onChange={chooseEnvironment}
        error={errors.environment}
        withAsterisk
        comboboxProps={{ withinPortal: false }}
      />
      <Select
        label={S.businessUnit}
        data={units}
        value={unit}
        onChange={setUnit}
        disabled={units.length === 0}
        error={errors.business_unit}
        withAsterisk
        comboboxProps={{ withinPortal: false }}
      />
      <Select
        label={S.agency}
        data={environment ? (opts.data?.agency_for_media_assets ?? []) : []}
        value={agency}
        onChange={setAgency}
        clearable
        comboboxProps={{ withinPortal: false }}
      />
      {unit && (
        <>
          <Group align="flex-end" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={S.campaignId}
              value={campaignId}
              readOnly={Boolean(campaignName)}
              onChange={(e) => {
                setTypedId(e.currentTarget.value);
                setCampaignName('');
              }}
              error={errors.campaign_id}
              withAsterisk
            />
            {campaignName ? (
              <Button variant="default" onClick={() => setCampaignName('')}>
                {S.change}
              </Button>
            ) : (
              <Button variant="light" loading={validating} onClick={() => void validate()}>
                {S.validate}
              </Button>
            )}
          </Group>
          <TextInput label={S.campaignName} value={campaignName} readOnly />
        </>
      )}
      <Button onClick={submit} disabled={!campaignName} loading={create.isPending}>
        {T.create}
      </Button>
    </Stack>
  );
}

/** The Sprinklr panel (spec 002 §2): 'New Integration', 'Existing Integrations', details, delete. */
export default function SprinklrPanel(_props: PanelBaseProps) {
  const { team } = useSelectedTeam();
  const teamDbId = team?.team_db_id ?? null;
  // members with can_view_app_integration see the integrations; the team admin creates and deletes
  const canManage = Boolean(team?.is_admin);
  const views = useIntegrationViews<SprinklrIntegration>();
  const [confirm, setConfirm] = useState(false);
  const list = useSprinklrIntegrations(teamDbId);
  const remove = useDeleteSprinklr({
    onSuccess: (d) => {
      toast.success(d.message);
      setConfirm(false);
      views.deleted();
    },
  });
  if (!teamDbId) return null;
  const { view } = views;
  if (view.name === 'new' && canManage)
    return (
      <WithBack onBack={views.toList}>
        <SprinklrForm teamDbId={teamDbId} onCreated={views.created} />
      </WithBack>
    );
  if (view.name === 'details') {
    const r = view.target;
    return (
      <WithBack onBack={views.toList}>
        <Group gap="xs">
          <Text fw={600}>{T.status}</Text>
          <StatusBadge status={r.status} />
        </Group>
        <Text size="sm">{`${S.environment}: ${r.environment === 'prod' ? 'Production' : r.environment}`}</Text>
        <Text size="sm">{`${S.businessUnit}: ${r.business_unit_name}`}</Text>
        <Text size="sm">{`${S.campaignId}: ${r.campaign_id}`}</Text>
        <Text size="sm">{`${S.campaignName}: ${r.campaign_name}`}</Text>
        {r.agency_for_media_assets_name && (
          <Text size="sm">{`${S.agency}: ${r.agency_for_media_assets_name}`}</Text>
        )}
        {canManage && (
          <Button color="red" variant="light" w="fit-content" onClick={() => setConfirm(true)}>
            {T.delete}
          </Button>
        )}
        <ConfirmDialog
          opened={confirm}
          title={T.delete}
          message={T.deleteConfirm}
          confirmLabel={T.delete}
          loading={remove.isPending}
          onConfirm={() => remove.mutate({ integration_db_id: r.integration_db_id })}
          onClose={() => setConfirm(false)}
        />
      </WithBack>
    );
  }
  return (
    <IntegrationList
      rows={list.data ?? []}
      pending={list.isPending}
      heading={T.existingIntegrations}
      onNew={canManage ? views.toNew : undefined}
      onOpen={views.toDetails}
      describe={(r) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {r.campaign_name}
          </Text>
          <Text size="xs" c="dimmed">{`${r.business_unit_name} · ${r.campaign_id}`}</Text>
        </Stack>
      )}
    />
  );
}
