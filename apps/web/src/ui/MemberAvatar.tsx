import { Avatar, type AvatarProps } from '@mantine/core';
import { initialsOf } from '@rushes/shared';

/** A member's initials on their badge colour. */
export function MemberAvatar({ name, color, ...props }: { name: string; color?: string } & AvatarProps) {
  return (
    <Avatar
      radius="xl"
      color="white"
      style={{ backgroundColor: color || 'var(--mantine-color-gray-6)' }}
      {...props}
    >
      {initialsOf(name)}
    </Avatar>
  );
}
