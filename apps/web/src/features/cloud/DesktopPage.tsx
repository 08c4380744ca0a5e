import { Anchor, Badge, Box, Group, Text } from '@mantine/core';
import RFB from '@novnc/novnc';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { CLOUD_API, CLOUD_TEXT } from '@rushes/shared';
import { cloudRoutes } from '@rushes/shared/routes/cloud';
import { call } from '../../api/client.ts';
import { PATHS } from '../../app/paths.ts';

type State = 'connecting' | 'connected' | 'disconnected';

/**
 * The remote desktop in the browser: noVNC connected through the server's authenticated
 * WebSocket proxy with the short-lived launch_token of the session answer (spec 001 §3) and the
 * session's one-time password.
 */
export default function DesktopPage() {
  const { cloudId = '' } = useParams();
  const screen = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>('connecting');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let rfb: RFB | null = null;
    let gone = false;
    // the session answer carries a fresh launch token (short-lived) and the password while started
    call(cloudRoutes.time, {})
      .then(({ session }) => {
        if (gone || !screen.current) return;
        if (session?.cloud_access_db_id !== cloudId || !session.launch_token || !session.password)
          throw new Error(CLOUD_TEXT.notStarted);
        const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
        const q = new URLSearchParams({ cloud_id: cloudId, launch_token: session.launch_token });
        rfb = new RFB(screen.current, `${scheme}://${window.location.host}${CLOUD_API.vnc}?${q}`, {
          credentials: { password: session.password },
        });
        rfb.scaleViewport = true;
        rfb.addEventListener('connect', () => setState('connected'));
        rfb.addEventListener('disconnect', () => setState('disconnected'));
      })
      .catch((err: unknown) => {
        setError(err instanceof Error ? err.message : CLOUD_TEXT.somethingWentWrong);
        setState('disconnected');
      });
    return () => {
      gone = true;
      rfb?.disconnect();
    };
  }, [cloudId]);

  return (
    <Box h="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Group px="md" py={6} justify="space-between">
        <Group gap="sm">
          <Anchor href={PATHS.home}>{CLOUD_TEXT.panelTitle}</Anchor>
          <Text fw={600}>{CLOUD_TEXT.remoteDesktop}</Text>
        </Group>
        <Badge color={state === 'connected' ? 'green' : state === 'connecting' ? 'blue' : 'gray'}>
          {state === 'connected'
            ? CLOUD_TEXT.sessionActive
            : state === 'connecting'
              ? CLOUD_TEXT.connecting
              : CLOUD_TEXT.disconnected}
        </Badge>
      </Group>
      {error && (
        <Text c="red" px="md">
          {error}
        </Text>
      )}
      <Box
        ref={screen}
        data-testid="remote-desktop"
        style={{ flex: 1, background: '#111', overflow: 'hidden' }}
      />
    </Box>
  );
}
