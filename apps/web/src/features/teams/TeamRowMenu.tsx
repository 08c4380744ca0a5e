import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconSettings, IconTrash, IconUsers } from '@tabler/icons-react';
import { UI } from '@rushes/shared';

interface TeamRowMenuProps {
  teamName: string;
  canDelete: boolean;
  onManage: () => void;
  onMembers: () => void;
  onDelete: () => void;
}

/** The admin's row menu (spec 002 §2, §6): Manage Team, Team Members, and Delete Team with can_delete_team. */
export function TeamRowMenu({ teamName, canDelete, onManage, onMembers, onDelete }: TeamRowMenuProps) {
  return (
    <Menu position="bottom-end" shadow="md" width={200}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={UI.teamActions(teamName)}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconSettings size={16} />} onClick={onManage}>
          {UI.manageTeam}
        </Menu.Item>
        <Menu.Item leftSection={<IconUsers size={16} />} onClick={onMembers}>
          {UI.teamMembers}
        </Menu.Item>
        {canDelete && (
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
            {UI.deleteTeam}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
