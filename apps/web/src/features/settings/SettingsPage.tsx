import { Button, Container, Stack, Tabs, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { UI } from '@rushes/shared';
import { useSelectedTeam } from '../../api/currentUser.ts';
import { usePanels } from '../../app/panels/PanelContext.ts';
import { PATHS } from '../../app/paths.ts';
import { hasPermission, type TeamListItem, useTeamDetail } from '../teams/api.ts';
import { checkCreateTeam } from '../teams/checkCreateTeam.ts';
import { DeleteTeamDialog } from '../teams/DeleteTeamDialog.tsx';
import { MembersTable } from '../teams/MembersTable.tsx';
import { TeamsTable } from '../teams/TeamsTable.tsx';
import { ActionCards } from './ActionCards.tsx';
import { openAuditLog } from '../audit/openAuditLog.tsx';

/** The selected team with the caller's permission codes (a detail call for non-admins). */
function useSelectedTeamPermissions() {
  const { team } = useSelectedTeam();
  const detail = useTeamDetail(team && !team.is_admin ? team.team_db_id : undefined);
  const withCodes =
    team && !team.is_admin ? { is_admin: false, permissions: detail.data?.permissions } : team;
  return { team, can: (code: string) => hasPermission(withCodes, code) };
}

/**
 * Team Settings (/settings, spec 002 §2): Back, the action cards, and the Teams and Members tabs.
 * App Integration and the Members tab need can_view_app_integration in the selected team.
 */
export default function SettingsPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const panels = usePanels();
  const { team, can } = useSelectedTeamPermissions();
  const [tab, setTab] = useState<string | null>('teams');
  const [deleting, setDeleting] = useState<TeamListItem | null>(null);
  const [checking, setChecking] = useState(false);
  const canViewIntegrations = can('can_view_app_integration');

  const back = () => (location.key === 'default' ? navigate(PATHS.home) : navigate(-1));
  const createTeam = async () => {
    setChecking(true);
    const allowed = await checkCreateTeam();
    setChecking(false);
    if (allowed) panels.open('createTeam', {});
  };

  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Button
          variant="subtle"
          leftSection={<IconArrowLeft size={16} />}
          onClick={back}
          style={{ alignSelf: 'flex-start' }}
        >
          {UI.back}
        </Button>
        <Title order={1} size="h2">
          {UI.teamSettings}
        </Title>
        <ActionCards
          onCreateTeam={() => void createTeam()}
          creatingTeam={checking}
          onBilling={() =>
            team &&
            panels.open('billingDetails', {
              teamDbId: team.team_db_id,
              teamName: team.is_personal ? UI.myAccount : team.name,
              canEdit: can('can_manage_billing'),
            })
          }
          onIntegrations={canViewIntegrations ? () => panels.open('integrationList', {}) : null}
          onWebhooks={team?.is_admin ? () => panels.open('webhooks', { teamDbId: team.team_db_id }) : null}
          onAuditLog={team?.is_admin ? () => openAuditLog(team.team_db_id) : null}
        />
        <Tabs value={canViewIntegrations ? tab : 'teams'} onChange={setTab} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="teams">{UI.tabTeams}</Tabs.Tab>
            {canViewIntegrations && <Tabs.Tab value="members">{UI.tabMembers}</Tabs.Tab>}
          </Tabs.List>
          <Tabs.Panel value="teams" pt="md">
            <TeamsTable
              onDelete={setDeleting}
              onCreateTeam={() => void createTeam()}
              creatingTeam={checking}
            />
          </Tabs.Panel>
          {canViewIntegrations && (
            <Tabs.Panel value="members" pt="md">
              <MembersTable />
            </Tabs.Panel>
          )}
        </Tabs>
      </Stack>
      <DeleteTeamDialog team={deleting} onClose={() => setDeleting(null)} />
    </Container>
  );
}
