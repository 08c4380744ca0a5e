import { Badge, Button, Text } from '@mantine/core';
import { IconSelector } from '@tabler/icons-react';
import { lazy } from 'react';
import { type TeamSummary, UI } from '@rushes/shared';
import { useSelectedTeam } from '../../api/currentUser.ts';
import { DeferredMenu } from '../../ui/DeferredMenu.tsx';

const teamLabel = (team: TeamSummary) => (team.is_personal ? UI.myAccount : team.name);
const roleLabel = (team: TeamSummary) => (team.is_personal ? null : team.is_admin ? UI.admin : UI.member);

const loadMenu = () => import('./TeamSwitcherDropdown.tsx');
const TeamSwitcherDropdown = lazy(loadMenu);

/**
 * The team switcher (spec 002 §2): the selected team and its role; the menu of teams
 * (TeamSwitcherDropdown.tsx) loads when it is first opened.
 */
export function TeamSwitcher() {
  const { team: current } = useSelectedTeam();
  const role = current ? roleLabel(current) : null;

  return (
    <DeferredMenu
      menu={TeamSwitcherDropdown}
      load={loadMenu}
      target={
        <Button
          variant="default"
          aria-label={UI.teamSwitcher}
          rightSection={<IconSelector size={16} />}
          maw={280}
          styles={{ label: { gap: 8 } }}
        >
          <Text size="sm" truncate="end" maw={160}>
            {current ? teamLabel(current) : UI.myAccount}
          </Text>
          {role && (
            <Badge size="sm" variant="light" tt="none" color={current?.is_admin ? 'blue' : 'gray'}>
              {role}
            </Badge>
          )}
        </Button>
      }
    />
  );
}
