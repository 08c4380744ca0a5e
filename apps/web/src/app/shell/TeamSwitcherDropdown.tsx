import { ActionIcon, Collapse, Group, Menu, Text } from '@mantine/core';
import { IconCheck, IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CREDIT_TEXT, MSG, type TeamSummary, UI } from '@rushes/shared';
import { useSelectedTeam } from '../../api/currentUser.ts';
import type { DeferredMenuProps } from '../../ui/DeferredMenu.tsx';
import { PATHS } from '../paths.ts';

interface EntryProps {
  team: TeamSummary;
  current: boolean;
  onChoose: (team: TeamSummary, to: string) => void;
}

function CurrentMark({ current }: { current: boolean }) {
  return current ? <IconCheck size={16} aria-hidden /> : null;
}

/** An admin team: choosing it switches; its chevron shows Subscription and Statistics links. */
function AdminTeamEntry({ team, current, onChoose }: EntryProps) {
  const [expanded, setExpanded] = useState(false);
  return (
    <>
      <Group gap={0} wrap="nowrap">
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={UI.showTeamLinks(team.name)}
          aria-expanded={expanded}
          onClick={() => setExpanded((v) => !v)}
        >
          {expanded ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
        </ActionIcon>
        <Menu.Item
          style={{ flex: 1 }}
          aria-current={current || undefined}
          rightSection={<CurrentMark current={current} />}
          onClick={() => onChoose(team, PATHS.home)}
        >
          <Text size="sm" truncate="end" maw={220}>
            {team.name}
          </Text>
        </Menu.Item>
      </Group>
      <Collapse expanded={expanded}>
        <Menu.Item pl={40} onClick={() => onChoose(team, PATHS.subscription)}>
          {UI.subscription}
        </Menu.Item>
        <Menu.Item pl={40} onClick={() => onChoose(team, PATHS.statistics)}>
          {UI.statistics}
        </Menu.Item>
        <Menu.Item pl={40} onClick={() => onChoose(team, PATHS.credits)}>
          {CREDIT_TEXT.walletTitle}
        </Menu.Item>
      </Collapse>
    </>
  );
}

/** A member team: a plain entry labelled 'Team Member'. */
function MemberTeamEntry({ team, current, onChoose }: EntryProps) {
  return (
    <Menu.Item
      aria-current={current || undefined}
      rightSection={<CurrentMark current={current} />}
      onClick={() => onChoose(team, PATHS.home)}
    >
      <Text size="sm" truncate="end" maw={240}>
        {team.name}
      </Text>
      <Text size="xs" c="dimmed">
        {UI.teamMember}
      </Text>
    </Menu.Item>
  );
}

/**
 * The team switcher's menu (spec 002 §2): sections MY ACCOUNT (the personal team as 'My Account') and
 * MY TEAMS. Choosing a team stores it, resets the team's data and goes to / (or the chosen link).
 * Loaded on the switcher's first opening (TeamSwitcher.tsx).
 */
export default function TeamSwitcherDropdown({ target }: DeferredMenuProps) {
  const navigate = useNavigate();
  const { team: current, teams, select } = useSelectedTeam();
  const personal = teams.filter((t) => t.is_personal);
  const others = teams.filter((t) => !t.is_personal);

  const choose = (team: TeamSummary, to: string) => {
    if (team.team_db_id !== current?.team_db_id) select(team.team_db_id);
    navigate(to);
  };

  return (
    <Menu position="bottom-end" width={300} shadow="md" defaultOpened>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown style={{ maxHeight: '35rem', overflowY: 'auto' }}>
        <Menu.Label>{UI.myAccountSection}</Menu.Label>
        {personal.map((team) => (
          <Menu.Item
            key={team.team_db_id}
            aria-current={team.team_db_id === current?.team_db_id || undefined}
            rightSection={<CurrentMark current={team.team_db_id === current?.team_db_id} />}
            onClick={() => choose(team, PATHS.home)}
          >
            {UI.myAccount}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Label>{UI.myTeamsSection}</Menu.Label>
        {others.length === 0 && (
          <Text size="sm" c="dimmed" px="sm" py={6}>
            {MSG.noRecordFound}
          </Text>
        )}
        {others.map((team) => {
          const Entry = team.is_admin ? AdminTeamEntry : MemberTeamEntry;
          return (
            <Entry
              key={team.team_db_id}
              team={team}
              current={team.team_db_id === current?.team_db_id}
              onChoose={choose}
            />
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
