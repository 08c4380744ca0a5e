import { Anchor, Button, List, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { UI } from '@rushes/shared';
import { usePanels } from '../../app/panels/PanelContext.ts';
import { helpCenterUrl, useShellConfig } from '../shell/api.ts';
import type { ChatPanelProps } from './ChatPanel.tsx';

/** The Project Help panel (spec 000 §2): how the project chat works; back returns to the chat. */
export default function ProjectHelpPanel({ projectDbId, title }: ChatPanelProps) {
  const panels = usePanels();
  const config = useShellConfig().data;
  return (
    <Stack gap="md">
      <Button
        variant="subtle"
        leftSection={<IconArrowLeft size={16} />}
        onClick={() => panels.open('projectChat', { projectDbId, title })}
        style={{ alignSelf: 'flex-start' }}
      >
        {UI.backToChat}
      </Button>
      <Text size="sm">{UI.projectHelpIntro}</Text>
      <List size="sm" spacing="xs">
        {UI.projectHelpItems.map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List>
      <Anchor href={helpCenterUrl(config)} target="_blank" rel="noopener noreferrer" size="sm">
        {UI.helpCenter}
      </Anchor>
    </Stack>
  );
}
