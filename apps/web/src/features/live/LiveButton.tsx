import { Button } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { LIVE_TEXT } from '@rushes/shared';
import { usePanels } from '../../app/panels/PanelContext.ts';

/** The project header's button that opens the live collaboration panel. */
export function LiveButton({ projectDbId }: { projectDbId: string }) {
  const panels = usePanels();
  return (
    <Button
      variant="default"
      leftSection={<IconUsers size={16} />}
      onClick={() => panels.open('liveCollaboration', { projectDbId })}
      data-testid="live-open"
    >
      {LIVE_TEXT.panelTitle}
    </Button>
  );
}
