import { Badge, Box, Stack } from '@mantine/core';
import RFB from '@novnc/novnc';
import { useEffect, useRef, useState } from 'react';
import { LIVE_API, LIVE_TEXT } from '@rushes/shared';

/**
 * The guest's view of the host's workstation: noVNC through the server's LIVE_API.desktop
 * socket, which needs no password from the guest (the server authenticates to the VNC server) and
 * drops the guest's input unless the host handed over control. `viewOnly` here only spares sending
 * input the server would drop.
 */
export default function WorkstationView({
  collabId,
  token,
  control,
}: {
  collabId: string;
  token: string;
  control: boolean;
}) {
  const screen = useRef<HTMLDivElement>(null);
  const rfb = useRef<RFB | null>(null);
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    if (!screen.current) return;
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    const q = new URLSearchParams({ live_collaboration_db_id: collabId, token });
    const view = new RFB(screen.current, `${scheme}://${window.location.host}${LIVE_API.desktop}?${q}`, {
      shared: true,
    });
    view.scaleViewport = true;
    view.addEventListener('connect', () => setConnected(true));
    view.addEventListener('disconnect', () => setConnected(false));
    rfb.current = view;
    return () => {
      rfb.current = null;
      view.disconnect();
    };
  }, [collabId, token]);

  useEffect(() => {
    if (rfb.current) rfb.current.viewOnly = !control;
  }, [control, connected]);

  return (
    <Stack gap={4}>
      <Badge
        color={control ? 'orange' : 'gray'}
        variant="light"
        data-testid="live-workstation-mode"
        data-connected={connected}
      >
        {control ? LIVE_TEXT.youHaveControl : LIVE_TEXT.viewOnly}
      </Badge>
      <Box
        ref={screen}
        data-testid="live-workstation"
        style={{ height: 240, background: '#111', overflow: 'hidden' }}
      />
    </Stack>
  );
}
