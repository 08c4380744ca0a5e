import { Button, Divider, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { MSG, UI, createTeamBody, updateTeamBody, type Permission } from '@rushes/shared';
import { teamsRoutes } from '@rushes/shared/routes/teams';
import type { CallInput } from '../../api/client.ts';
import { useUser } from '../../api/currentUser.ts';
import { showApiError } from '../../app/apiErrors.ts';
import type { PanelBaseProps } from '../../app/panels/registry.ts';
import { Form } from '../../ui/Form.tsx';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { toast } from '../../ui/toast.ts';
import { TwoFactorToggle } from '../account/TwoFactorToggle.tsx';
import { BlockDevToolsSwitch } from '../shell/BlockDevToolsSwitch.tsx';
import {
  type TeamWithDetail,
  useCreateTeam,
  useUpdateTeam,
  usePermissionCatalogue,
  useRefreshTeams,
  useRegions,
  useTeamDetail,
} from './api.ts';
import { errorsByField, serverErrorsByField } from './formErrors.ts';
import { MemberPicker, type PickedMember, splitPicked } from './MemberPicker.tsx';
import { PermissionChecklist, selectedIdsOf } from './PermissionChecklist.tsx';
import { presentMembersOf } from './presentMembers.ts';

export interface TeamFormPanelProps {
  /** The team to manage; none to create one. */
  teamDbId?: string;
}

/** The create / manage team panel (spec 002 §2 Side panels, §4, §5). */
export default function TeamFormPanel({ teamDbId, close }: TeamFormPanelProps & PanelBaseProps) {
  const detail = useTeamDetail(teamDbId);
  const catalogue = usePermissionCatalogue();
  const regions = useRegions();
  if ((teamDbId && detail.isPending) || catalogue.isPending || regions.isPending) return <PageLoader />;
  if (teamDbId && !detail.data) {
    return <Text c="dimmed">{MSG.somethingWentWrong}</Text>;
  }
  return (
    <TeamForm
      key={teamDbId ?? 'new'}
      team={detail.data}
      catalogue={catalogue.data ?? []}
      regions={regions.data ?? []}
      close={close}
    />
  );
}

interface TeamFormProps {
  team: TeamWithDetail | undefined;
  catalogue: Permission[];
  regions: { region: string; region_name: string }[];
  close: () => void;
}

const regionOf = (team: TeamWithDetail) => team.detail?.aws_region?.region ?? team.aws_config?.region ?? null;

function TeamForm({ team, catalogue, regions, close }: TeamFormProps) {
  const refresh = useRefreshTeams();
  const user = useUser();
  const editing = Boolean(team);
  /** While creating, the creator is the one already in the team. */
  const creatorOnly = { userIds: new Set([user.user_id]), emails: new Set([user.email.toLowerCase()]) };
  const [name, setName] = useState(team?.name ?? '');
  const [region, setRegion] = useState<string | null>(team ? regionOf(team) : null);
  const [picked, setPicked] = useState<PickedMember[]>([]);
  const [membersTouched, setMembersTouched] = useState(false);
  const [permissionIds, setPermissionIds] = useState(() => selectedIdsOf(catalogue));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const onSuccess = (data: { message?: string } | null) => {
    if (!data) return;
    toast.success(data.message || (editing ? MSG.teamUpdated : MSG.teamCreated));
    void refresh();
    close();
  };
  const onError = (error: Error) => {
    const fieldErrors = serverErrorsByField(error);
    if (fieldErrors) setErrors(fieldErrors);
    else showApiError(error);
  };
  const create = useCreateTeam({ meta: { silent: true }, onSuccess, onError });
  const update = useUpdateTeam({ meta: { silent: true }, onSuccess, onError });
  const save = editing ? update : create;

  const submit = () => {
    const input = { name, ...splitPicked(picked), permissions: permissionIds };
    const parsed = team
      ? updateTeamBody.safeParse({ ...input, team_id: team.team_db_id })
      : createTeamBody.safeParse({ ...input, aws_region: region ?? undefined });
    if (!parsed.success) {
      // the schema's members rule runs only once the fields pass; show every missing field at once
      const next = errorsByField(parsed.error);
      if (!team && picked.length === 0) next.members ??= MSG.required;
      setErrors(next);
      return;
    }
    setErrors({});
    // parsed by the route's own body schema just above
    if (team) update.mutate(parsed.data as CallInput<typeof teamsRoutes.update>);
    else create.mutate(parsed.data as CallInput<typeof teamsRoutes.create>);
  };

  const clearError = (key: string) => setErrors((prev) => (prev[key] ? { ...prev, [key]: '' } : prev));
  const showSubmit = !(editing && membersTouched && picked.length === 0);

  return (
    <Stack gap="md">
      <Form gap="md" aria-label={editing ? UI.manageTeam : UI.createTeam} onSubmit={submit}>
        <TextInput
          label={UI.teamName}
          value={name}
          error={errors.name || undefined}
          data-autofocus
          onChange={(event) => {
            setName(event.currentTarget.value);
            clearError('name');
          }}
        />
        <Select
          label={UI.region}
          data={regions.map((r) => ({ value: r.region, label: r.region_name }))}
          value={region}
          disabled={editing}
          searchable
          nothingFoundMessage={MSG.noRecordFound}
          error={errors.aws_region || undefined}
          onChange={(value) => {
            setRegion(value);
            clearError('aws_region');
          }}
          comboboxProps={{ withinPortal: false }}
        />
        <MemberPicker
          label={UI.members}
          value={picked}
          teamDbId={team?.team_db_id}
          present={team ? presentMembersOf(team.detail) : creatorOnly}
          error={errors.members || undefined}
          onChange={(value) => {
            setPicked(value);
            setMembersTouched(true);
            clearError('members');
          }}
        />
        {(!editing || picked.length > 0) && (
          <PermissionChecklist
            label={UI.newMemberPermissions}
            permissions={catalogue}
            selected={permissionIds}
            onChange={setPermissionIds}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {UI.cancel}
          </Button>
          {showSubmit && (
            <Button type="submit" loading={save.isPending}>
              {editing ? UI.update : UI.create}
            </Button>
          )}
        </Group>
      </Form>
      {/* outside the form: the code dialog's own form must not submit this one */}
      {team?.is_admin && (
        <>
          <Divider />
          <TwoFactorToggle
            scope="team"
            teamDbId={team.team_db_id}
            enabled={team.two_factor_authentication_enabled}
            onChanged={() => void refresh()}
          />
          <BlockDevToolsSwitch teamDbId={team.team_db_id} />
        </>
      )}
    </Stack>
  );
}
