import { Anchor, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { formatDate, UI, type TeamMember } from '@rushes/shared';
import { usePanels } from '../../app/panels/PanelContext.ts';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { EmptyResults } from '../settings/EmptyResults.tsx';
import { useTeamUsers } from './api.ts';
import { MemberAvatar } from '../../ui/MemberAvatar.tsx';
import { NameCell } from './NameCell.tsx';

const TEAMS_SHOWN = 2;

/** A member's teams: the first two as badges, the rest behind '+N more' (the team list panel). */
function TeamsCell({ member }: { member: TeamMember }) {
  const panels = usePanels();
  const rest = member.teams.length - TEAMS_SHOWN;
  return (
    <Group gap={6} wrap="nowrap">
      {member.teams.slice(0, TEAMS_SHOWN).map((team, index) => (
        <Badge key={`${team}-${index}`} variant="light" color="gray" tt="none" maw={180}>
          {team}
        </Badge>
      ))}
      {rest > 0 && (
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => panels.open('teamList', { name: member.name, teams: member.teams })}
        >
          {UI.moreTeams(rest)}
        </Anchor>
      )}
    </Group>
  );
}

/** The Members tab (spec 002 §2): Name, Added On, Team. */
export function MembersTable() {
  const users = useTeamUsers(true);

  if (users.isPending) return <PageLoader />;
  if (!users.data?.length) {
    return <EmptyResults onRefresh={() => void users.refetch()} refreshing={users.isFetching} />;
  }

  return (
    <Table.ScrollContainer minWidth={640} className="rushes-cards-scroll">
      <Table verticalSpacing="sm" highlightOnHover aria-label={UI.tabMembers} className="rushes-cards">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{UI.columnName}</Table.Th>
            <Table.Th>{UI.columnAddedOn}</Table.Th>
            <Table.Th>{UI.columnTeam}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.data.map((member) => (
            <Table.Tr role="row" key={member.user_db_id}>
              <Table.Td className="rushes-card-main">
                <Group gap="sm" wrap="nowrap">
                  <MemberAvatar name={member.name} color={member.user_badge_color} size={30} />
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <NameCell name={member.name} />
                    <Text size="xs" c="dimmed" truncate="end" maw={260}>
                      {member.email}
                    </Text>
                  </Stack>
                </Group>
              </Table.Td>
              <Table.Td data-label={UI.columnAddedOn}>
                <Text size="sm">{formatDate(member.created_on)}</Text>
              </Table.Td>
              <Table.Td data-label={UI.columnTeam}>
                <TeamsCell member={member} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
