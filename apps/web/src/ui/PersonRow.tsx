import { ActionIcon, Badge, Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { UI } from '@rushes/shared';
import { MemberAvatar } from './MemberAvatar.tsx';
import classes from './PersonRow.module.css';

/**
 * One person in a members list (team members, project collaborators): avatar, name, a 'You' badge,
 * an optional second line, and the actions the caller may take. With `onOpen` the avatar and name
 * are one button (the row's main action, e.g. the member's permissions); without it they are plain
 * text and do not look clickable.
 */
export function PersonRow({
  name,
  color,
  isSelf,
  secondary,
  onOpen,
  children,
}: {
  name: string;
  color: string;
  isSelf: boolean;
  secondary?: ReactNode;
  /** The row's main action, for those allowed to take it. */
  onOpen?: () => void;
  /** Action buttons (RowAction), shown at the end of the row. */
  children?: ReactNode;
}) {
  const who = (
    <>
      <MemberAvatar name={name} color={color} size={34} />
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={500} truncate="end">
            {name}
          </Text>
          {isSelf && (
            <Badge size="xs" variant="light" tt="none">
              {UI.you}
            </Badge>
          )}
        </Group>
        {secondary}
      </Stack>
    </>
  );
  return (
    <Group wrap="nowrap" gap="sm" component="li" aria-label={name}>
      {onOpen ? (
        <UnstyledButton onClick={onOpen} aria-label={name} aria-haspopup="dialog" className={classes.open}>
          {who}
        </UnstyledButton>
      ) : (
        <Group wrap="nowrap" gap="sm" style={{ flex: 1, minWidth: 0 }}>
          {who}
        </Group>
      )}
      {children && (
        <Group gap={4} wrap="nowrap">
          {children}
        </Group>
      )}
    </Group>
  );
}

/** An icon button with a tooltip and an accessible name. */
export function RowAction({
  tooltip,
  label,
  color = 'gray',
  loading,
  onClick,
  children,
}: {
  tooltip: string;
  label: string;
  color?: string;
  loading?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={tooltip}>
      <ActionIcon variant="subtle" color={color} aria-label={label} loading={loading} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** A pending invitation: the bare e-mail, a status badge and the caller's actions (spec 002 §3). */
export function InviteRow({
  email,
  status,
  children,
}: {
  email: string;
  status: string;
  children?: ReactNode;
}) {
  return (
    <Group wrap="nowrap" gap="sm" component="li" aria-label={email}>
      <Text size="sm" style={{ flex: 1, minWidth: 0 }} truncate="end">
        {email}
      </Text>
      <Badge size="sm" variant="light" color="yellow" tt="none">
        {status}
      </Badge>
      {children}
    </Group>
  );
}
