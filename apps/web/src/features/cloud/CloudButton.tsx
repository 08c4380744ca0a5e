import { Button } from '@mantine/core';
import { IconDeviceDesktop } from '@tabler/icons-react';
import { CLOUD_TEXT } from '@rushes/shared';
import { usePanels } from '../../app/panels/PanelContext.ts';

/** The project header's button that opens the cloud editing panel. */
export function CloudButton({ projectDbId, taskDbId }: { projectDbId: string; taskDbId?: string | null }) {
  const panels = usePanels();
  return (
    <Button
      variant="default"
      leftSection={<IconDeviceDesktop size={16} />}
      onClick={() => panels.open('cloudSession', { projectDbId, taskDbId: taskDbId ?? null })}
    >
      {CLOUD_TEXT.openButton}
    </Button>
  );
}
