import { Badge, Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatNumber } from '@rushes/shared';

interface TrayFrameProps {
  /** The heading, also the section's accessible name. */
  title: string;
  /** The count badge beside the title (hidden at 0). */
  total: number;
  /** A control at the header's right end. */
  action?: ReactNode;
  children: ReactNode;
}

/**
 * A home-page tray (spec 002 §2): a bordered section with its title, count badge and content (put
 * ListStatus and the items inside).
 */
export function TrayFrame({ title, total, action, children }: TrayFrameProps) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs">
            <Title order={2} size="h4">
              {title}
            </Title>
            {total > 0 && (
              <Badge variant="light" color="gray" aria-hidden>
                {formatNumber(total)}
              </Badge>
            )}
          </Group>
          {action}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
