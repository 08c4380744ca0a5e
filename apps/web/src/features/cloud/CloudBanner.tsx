import { Badge, UnstyledButton } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { CLOUD_TEXT, formatCloudCountdown } from '@rushes/shared';
import { switchTeam } from '../../api/currentUser.ts';
import { getSelectedTeamId } from '../../api/teamStorage.ts';
import { useCloudTime } from './api.ts';
import { useIdle } from '../../ui/whenIdle.ts';
import { useServerCountdown } from './useServerCountdown.ts';

const STATUS_TEXT = {
  machine_started: CLOUD_TEXT.sessionActive,
  machine_shutting_down: CLOUD_TEXT.shuttingDown,
  machine_booting: CLOUD_TEXT.gettingReady,
  machine_inqueue: CLOUD_TEXT.inQueue,
  machine_available: CLOUD_TEXT.queueOffered,
} as const;

/**
 * The top bar's cloud-session banner (spec 001 §2): the user's session countdown, shown only when
 * the session belongs to another project than the open one and a waiting or end time exists. It
 * ticks each second on the server's clock; clicking switches to the session's team and opens its
 * project (and task).
 */
export function CloudBanner() {
  // asked once the page has painted: the banner is not what a page paints first
  const time = useCloudTime(useIdle());
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const s = time.data?.data.session ?? null;
  const target = s
    ? s.machine_status === 'machine_started'
      ? s.session_end_datetime
      : s.waiting_time
    : null;
  const left = useServerCountdown(target, time.data?.skew ?? 0);
  const openProject = /^\/project\/([^/]+)/.exec(location.pathname)?.[1] ?? null;
  if (!s || s.project_db_id === openProject || !(s.waiting_time || s.session_end_datetime)) return null;

  return (
    <UnstyledButton
      aria-label={CLOUD_TEXT.panelTitle}
      onClick={() => {
        if (getSelectedTeamId() !== s.team_db_id) switchTeam(queryClient, s.team_db_id);
        navigate(`/project/${s.project_db_id}${s.task_db_id ? `?task=${s.task_db_id}` : ''}`);
      }}
    >
      <Badge
        size="lg"
        variant="light"
        color={s.machine_status === 'machine_started' ? 'green' : 'yellow'}
        tt="none"
      >
        {STATUS_TEXT[s.machine_status]} {left !== null ? formatCloudCountdown(left) : ''}
      </Badge>
    </UnstyledButton>
  );
}
