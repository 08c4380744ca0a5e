import { Button, EmptyState } from '@mantine/core';
import { IconSearchOff } from '@tabler/icons-react';
import { MSG, UI } from '@rushes/shared';

interface EmptyResultsProps {
  onRefresh: () => void;
  refreshing?: boolean;
  /** A way forward for an empty list (e.g. 'Create Team' when the user is in no team yet). */
  action?: { label: string; hint: string; onClick: () => void; busy?: boolean };
}

/** An empty list: 'No Results Found.' with a Refresh button (spec 002 §2 Team Settings page), and what to do next. */
export function EmptyResults({ onRefresh, refreshing, action }: EmptyResultsProps) {
  return (
    <EmptyState
      py="xl"
      title={MSG.noResultsFound}
      description={action?.hint}
      icon={<IconSearchOff size={28} />}
      withIndicatorBackground
    >
      <EmptyState.Actions>
        {action && (
          <Button onClick={action.onClick} loading={action.busy}>
            {action.label}
          </Button>
        )}
        <Button variant="default" onClick={onRefresh} loading={refreshing}>
          {UI.refresh}
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
