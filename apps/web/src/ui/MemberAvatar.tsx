import { Avatar, type AvatarProps } from '@mantine/core';

/** Two initials of a name (first letters of the first two words). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? words[0][0] + words[1][0] : (words[0] ?? '?').slice(0, 2);
  return letters.toUpperCase();
}

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
