import { Button, EmptyState } from '@mantine/core';
import { IconSearchOff } from '@tabler/icons-react';
import { MSG, UI } from '@rushes/shared';

/** An empty list: 'No Results Found.' with a Refresh button (spec 002 §2 Team Settings page). */
export function EmptyResults({ onRefresh, refreshing }: { onRefresh: () => void; refreshing?: boolean }) {
  return (
    <EmptyState py="xl" title={MSG.noResultsFound} icon={<IconSearchOff size={28} />} withIndicatorBackground>
      <EmptyState.Actions>
        <Button variant="default" onClick={onRefresh} loading={refreshing}>
          {UI.refresh}
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
