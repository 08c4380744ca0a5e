import { Button } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { AI_TEXT } from '@rushes/shared';
import { usePanels } from '../../app/panels/PanelContext.ts';

/** The project header's button that opens the AI assistant panel. */
export function AssistantButton({ projectDbId }: { projectDbId: string }) {
  const panels = usePanels();
  return (
    <Button
      variant="default"
      leftSection={<IconSparkles size={16} />}
      onClick={() =>
        panels.open('aiAssistant', {
          projectDbId,
          // a function prop: not part of the panel's key (JSON), so reopening keeps one panel
          openBrief: () => panels.open('projectBrief', { projectDbId }),
        })
      }
    >
      {AI_TEXT.openButton}
    </Button>
  );
}
