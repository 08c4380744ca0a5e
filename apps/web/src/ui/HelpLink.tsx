import { ActionIcon } from '@mantine/core';
import { IconHelp } from '@tabler/icons-react';
import { IdleTooltip } from './IdleTooltip.tsx';
import { guideHref, type GuideSection, SHELL_UI } from '@rushes/shared';

/** The ? button of a panel or page: its section of the user guide, in a new tab (the panel stays open). */
export function HelpLink({ section, topic }: { section: GuideSection; topic: string }) {
  return (
    <IdleTooltip label={SHELL_UI.help}>
      <ActionIcon
        component="a"
        href={guideHref(section)}
        target="_blank"
        rel="noopener noreferrer"
        variant="subtle"
        color="gray"
        aria-label={SHELL_UI.helpAbout(topic)}
        data-help-section={section}
      >
        <IconHelp size={18} />
      </ActionIcon>
    </IdleTooltip>
  );
}
