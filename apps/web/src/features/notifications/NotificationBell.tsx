import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { UI, type ServerToClientEvents } from '@rushes/shared';
import { connectSocket } from '../../api/socket.ts';
import { usePanels } from '../../app/panels/PanelContext.ts';
import { useIdle } from '../../ui/whenIdle.ts';
import { hasNewIn, notificationKeys, setHasNew, useNotifications, useSelectedTeamId } from './api.ts';
import './bell.css';

type Payload<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>[0];

/**
 * The notification bell of the top bar (spec 002 §2): a dot while has_new_notification is set; when
 * one arrives live the bell shakes 3 times (CSS, still under prefers-reduced-motion) and the list
 * refetches. Clicking opens the notification panel, which clears the flag. Only the selected team's
 * dot shows: an event naming another team is ignored.
 */
export function NotificationBell() {
  const queryClient = useQueryClient();
  const panels = usePanels();
  // the dot is not what home paints first: the list is asked once the page has painted
  const list = useNotifications(useIdle());
  const teamDbId = useSelectedTeamId();
  const teamRef = useRef(teamDbId);
  useEffect(() => {
    teamRef.current = teamDbId;
  }, [teamDbId]);
  const [shaking, setShaking] = useState(false);
  // how many times a live notification made it shake (a stable hook for tests and tools)
  const [shakes, setShakes] = useState(0);
  const hasNew = hasNewIn(list.data);

  useEffect(() => {
    const socket = connectSocket(queryClient);
    const onFlag = ({ has_new_notification, team_db_id }: Payload<'has_new_notification'>) => {
      if (team_db_id !== teamRef.current) return;
      setHasNew(queryClient, team_db_id, has_new_notification);
      if (!has_new_notification) return;
      setShaking(false);
      requestAnimationFrame(() => {
        setShaking(true);
        setShakes((n) => n + 1);
      });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list(team_db_id) });
    };
    socket.on('has_new_notification', onFlag);
    return () => {
      socket.off('has_new_notification', onFlag);
    };
  }, [queryClient]);

  return (
    <Indicator disabled={!hasNew} color="red" size={9} offset={6} data-testid="notification-dot">
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        className="rushes-bell"
        data-shaking={shaking ? 'true' : 'false'}
        data-shakes={shakes}
        data-has-new={hasNew ? 'true' : 'false'}
        aria-label={hasNew ? UI.newNotifications : UI.notifications}
        onAnimationEnd={() => setShaking(false)}
        onClick={() => panels.open('notifications', {})}
      >
        <IconBell size={20} />
      </ActionIcon>
    </Indicator>
  );
}
