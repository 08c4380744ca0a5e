import { ActionIcon, Avatar } from '@mantine/core';
import { lazy } from 'react';
import { UI, initialsOfNames } from '@rushes/shared';
import { useUser } from '../../api/currentUser.ts';
import { DeferredMenu } from '../../ui/DeferredMenu.tsx';

const loadMenu = () => import('./UserMenuDropdown.tsx');
const UserMenuDropdown = lazy(loadMenu);

/**
 * The user menu (spec 002 §2 Top bar): the avatar button; the menu itself (UserMenuDropdown.tsx)
 * loads when it is first opened.
 */
export function UserMenu() {
  const user = useUser();
  return (
    <DeferredMenu
      menu={UserMenuDropdown}
      load={loadMenu}
      target={
        <ActionIcon variant="subtle" radius="xl" size="lg" aria-label={UI.userMenu}>
          <Avatar
            radius="xl"
            size={32}
            style={{ backgroundColor: user.user_badge_color || undefined }}
            color="white"
          >
            {initialsOfNames(user.first_name, user.last_name, user.name)}
          </Avatar>
        </ActionIcon>
      }
    />
  );
}
