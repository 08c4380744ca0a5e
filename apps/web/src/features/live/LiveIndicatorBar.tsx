import { ActionIcon, Badge, Group, Tooltip } from '@mantine/core';
import { IconLayoutSidebarRight, IconMicrophone, IconMicrophoneOff, IconPhoneOff } from '@tabler/icons-react';
import { useContext } from 'react';
import { LIVE_TEXT } from '@rushes/shared';
import { usePanels } from '../../app/panels/PanelContext.ts';
import { LiveCallContext } from './liveCallContext.ts';

/** The top bar's in-call indicator: the call's state, mute, end, and reopen the panel. */
export default function LiveIndicatorBar() {
  const live = useContext(LiveCallContext);
  const panels = usePanels();
  if (!live?.active || !live.view) return null;
  const { active, view } = live;
  return (
    <Group gap={4} wrap="nowrap" data-testid="live-indicator">
      <Badge color={view.phase === 'connected' ? 'green' : 'yellow'} variant="light">
        {view.phase === 'connected' ? LIVE_TEXT.inCall : LIVE_TEXT.phase[view.phase]}
      </Badge>
      <Tooltip label={view.muted ? LIVE_TEXT.unmute : LIVE_TEXT.mute}>
        <ActionIcon
          variant="default"
          aria-label={view.muted ? LIVE_TEXT.unmute : LIVE_TEXT.mute}
          onClick={() => live.setMuted(!view.muted)}
          data-testid="live-indicator-mute"
        >
          {view.muted ? <IconMicrophoneOff size={16} /> : <IconMicrophone size={16} />}
        </ActionIcon>
      </Tooltip>
      <Tooltip label={LIVE_TEXT.openPanel}>
        <ActionIcon
          variant="default"
          aria-label={LIVE_TEXT.openPanel}
          onClick={() => panels.open('liveCollaboration', { projectDbId: active.projectDbId })}
          data-testid="live-indicator-open"
        >
          <IconLayoutSidebarRight size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={active.role === 'editor' ? LIVE_TEXT.endCall : LIVE_TEXT.leave}>
        <ActionIcon
          color="red"
          aria-label={active.role === 'editor' ? LIVE_TEXT.endCall : LIVE_TEXT.leave}
          onClick={() => void live.end()}
          data-testid="live-indicator-end"
        >
          <IconPhoneOff size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
