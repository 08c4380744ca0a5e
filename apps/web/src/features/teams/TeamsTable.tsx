import { Table, Text, VisuallyHidden } from '@mantine/core';
import { formatDate, regionName, UI } from '@rushes/shared';
import { usePanels } from '../../app/panels/PanelContext.ts';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { EmptyResults } from '../settings/EmptyResults.tsx';
import { hasPermission, type TeamListItem, useTeamsList } from './api.ts';
import { AvatarStack } from './AvatarStack.tsx';
import { NameCell } from './NameCell.tsx';
import { TeamRowMenu } from './TeamRowMenu.tsx';

const regionOf = (team: TeamListItem) =>
  team.aws_config?.region_name ?? (team.aws_config?.region ? regionName(team.aws_config.region) : '');

/**
 * The Teams tab (spec 002 §2): Name (admins open Manage Team; others plain), Team ID, Region,
 * Members (avatar stack and count), Created On, and the admin's row menu.
 */
export function TeamsTable({
  onDelete,
  onCreateTeam,
  creatingTeam,
}: {
  onDelete: (team: TeamListItem) => void;
  /** the create-team flow, offered when the list is empty (a new account is in no team yet) */
  onCreateTeam: () => void;
  creatingTeam: boolean;
}) {
  const panels = usePanels();
  const teams = useTeamsList();

  if (teams.isPending) return <PageLoader />;
  if (!teams.data?.length) {
    return (
      <EmptyResults
        onRefresh={() => void teams.refetch()}
        refreshing={teams.isFetching}
        action={{ label: UI.createTeam, hint: UI.noTeamsHint, onClick: onCreateTeam, busy: creatingTeam }}
      />
    );
  }

  const manage = (team: TeamListItem) => panels.open('manageTeam', { teamDbId: team.team_db_id });
  const members = (team: TeamListItem) =>
    panels.open('teamMembers', { teamDbId: team.team_db_id, teamName: team.name });

  return (
    <Table.ScrollContainer minWidth={760} className="rushes-cards-scroll">
      <Table verticalSpacing="sm" highlightOnHover aria-label={UI.tabTeams} className="rushes-cards">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{UI.columnName}</Table.Th>
            <Table.Th>{UI.columnTeamId}</Table.Th>
            <Table.Th>{UI.columnRegion}</Table.Th>
            <Table.Th>{UI.columnMembers}</Table.Th>
            <Table.Th>{UI.columnCreatedOn}</Table.Th>
            <Table.Th w={56}>
              <VisuallyHidden>{UI.columnActions}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {teams.data.map((team) => (
            <Table.Tr role="row" key={team.team_db_id}>
              <Table.Td className="rushes-card-main">
                <NameCell name={team.name} onOpen={team.is_admin ? () => manage(team) : undefined} />
              </Table.Td>
              <Table.Td data-label={UI.columnTeamId}>
                <Text size="sm" ff="monospace">
                  {team.team_id}
                </Text>
              </Table.Td>
              <Table.Td data-label={UI.columnRegion}>
                <Text size="sm">{regionOf(team)}</Text>
              </Table.Td>
              <Table.Td data-label={UI.columnMembers}>
                <AvatarStack people={team.detail?.avatars ?? []} count={team.no_of_users} />
              </Table.Td>
              <Table.Td data-label={UI.columnCreatedOn}>
                <Text size="sm">{formatDate(team.created_on)}</Text>
              </Table.Td>
              <Table.Td>
                {team.is_admin && (
                  <TeamRowMenu
                    teamName={team.name}
                    canDelete={hasPermission(team, 'can_delete_team')}
                    onManage={() => manage(team)}
                    onMembers={() => members(team)}
                    onDelete={() => onDelete(team)}
                  />
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
