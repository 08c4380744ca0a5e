import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { LIVE_TEXT, type LiveAudioCall } from '@rushes/shared';
import { useUser } from '../../api/currentUser.ts';
import { getSocket } from '../../api/socket.ts';
import { toast } from '../../ui/toast.ts';
import type { CallView, LiveCall } from './liveCall.ts';
import { LiveCallContext, type ActiveCall, type LiveCallApi } from './liveCallContext.ts';

/**
 * Keeps the live collaboration call at the shell: the side panel starts it and shows it,
 * but closing the panel keeps talking; the top bar's indicator mutes, ends and reopens the panel.
 * The remote audio plays here. The call's code (WebRTC) loads only when a call starts. The guest's
 * call ends when the host ends it (an `end` signal, or call_ended_by_host) or removes them.
 */
export function LiveCallProvider({ children }: { children: ReactNode }) {
  const user = useUser();
  const callRef = useRef<LiveCall | null>(null);
  const [active, setActive] = useState<ActiveCall | null>(null);
  const [view, setView] = useState<CallView | null>(null);
  const [remote, setRemote] = useState<MediaStream | null>(null);
  const audio = useRef<HTMLAudioElement>(null);

  const drop = useCallback(() => {
    callRef.current?.close();
    callRef.current = null;
    setActive(null);
    setView(null);
    setRemote(null);
  }, []);

  const start = useCallback<LiveCallApi['start']>(
    async (answer: LiveAudioCall, projectDbId, opts = {}) => {
      const socket = getSocket();
      if (!socket) return false;
      callRef.current?.close();
      try {
        const { LiveCall } = await import('./liveCall.ts');
        const live = new LiveCall({
          socket,
          collabId: answer.live_collaboration_db_id,
          token: answer.audio_call_detail.token,
          iceServers: answer.ice_servers,
          polite: answer.role === 'collaborator',
          relayOnly: answer.ice_transport_policy === 'relay',
          guestControl: opts.guestControl,
          onView: setView,
          onRemoteStream: setRemote,
          onEnded: drop,
        });
        callRef.current = live;
        try {
          await live.start();
          if (opts.screen) await live.shareScreen();
        } catch (err) {
          live.close();
          callRef.current = null;
          throw err;
        }
        setActive({
          collabId: answer.live_collaboration_db_id,
          projectDbId,
          role: answer.role,
          token: answer.audio_call_detail.token,
        });
        return true;
      } catch (err) {
        console.error('live call: unable to join', err);
        setView(null);
        toast.error(LIVE_TEXT.unableToJoin);
        return false;
      }
    },
    [drop],
  );

  const end = useCallback(async () => {
    const current = active;
    const host = current?.role === 'editor';
    await callRef.current?.leave(host);
    drop();
    if (!current) return;
    const { leaveCall } = await import('./liveCall.ts');
    await leaveCall(current.collabId).catch((err: unknown) =>
      console.warn('live call: leave not recorded', err),
    );
    // leaving as the editor reloads the page (spec 001 §4)
    if (host) window.location.reload();
  }, [active, drop]);

  // the host ended the call or removed the invitation: the guest's call ends wherever the panel is
  const collabId = active?.collabId ?? null;
  useEffect(() => {
    const socket = getSocket();
    if (!socket || !collabId) return;
    const changed = (p: { live_collaboration_db_id: string; call_ended_by_host: boolean }) => {
      if (p.live_collaboration_db_id === collabId && p.call_ended_by_host) drop();
    };
    const removedEvent = `live_collaboration_remove_${user.user_id}` as const;
    const removed = (p: { live_collaboration_db_id: string }) => {
      if (p.live_collaboration_db_id === collabId) drop();
    };
    socket.on('live_collaboration', changed);
    socket.on(removedEvent, removed);
    return () => {
      socket.off('live_collaboration', changed);
      socket.off(removedEvent, removed);
    };
  }, [collabId, drop, user.user_id]);

  useEffect(() => () => callRef.current?.close(), []);
  // The element exists only during a call (a page's own <audio> stays the only one otherwise).
  useEffect(() => {
    if (audio.current) audio.current.srcObject = remote;
  }, [remote, active]);

  const api = useMemo<LiveCallApi>(
    () => ({
      active,
      view,
      remote,
      start,
      end,
      setMuted: (muted) => callRef.current?.setMuted(muted),
      shareScreen: async () => callRef.current?.shareScreen(),
      stopShare: async () => callRef.current?.stopShare(),
      setGuestControl: (on) => callRef.current?.setGuestControl(on),
    }),
    [active, view, remote, start, end],
  );

  return (
    <LiveCallContext.Provider value={api}>
      {children}
      {active && <audio ref={audio} autoPlay data-testid="live-remote-audio" />}
    </LiveCallContext.Provider>
  );
}
