import { useCallback, useEffect, useRef, useState } from 'react';
import { LIVE_TEXT, type LiveAudioCall } from '@rushes/shared';
import { getSocket } from '../../api/socket.ts';
import { toast } from '../../ui/toast.ts';
import { LiveCall, type CallView } from './liveCall.ts';

/**
 * The page's side of one call: starts it from the audio call answer (token, ICE servers), keeps its
 * view, the remote stream and ends it when the panel goes away. A denied microphone shows 'Unable
 * to join the audio call.' and logs why.
 */
export function useLiveCall(onEnded: () => void) {
  const callRef = useRef<LiveCall | null>(null);
  const [view, setView] = useState<CallView | null>(null);
  const [remote, setRemote] = useState<MediaStream | null>(null);
  const ended = useRef(onEnded);
  useEffect(() => {
    ended.current = onEnded;
  }, [onEnded]);

  const start = useCallback(async (answer: LiveAudioCall, opts: { screen?: boolean } = {}) => {
    const socket = getSocket();
    if (!socket) return false;
    callRef.current?.close();
    const live = new LiveCall({
      socket,
      collabId: answer.live_collaboration_db_id,
      token: answer.audio_call_detail.token,
      iceServers: answer.ice_servers,
      polite: answer.role === 'collaborator',
      relayOnly: answer.ice_transport_policy === 'relay',
      onView: setView,
      onRemoteStream: setRemote,
      onEnded: () => ended.current(),
    });
    try {
      await live.start();
      callRef.current = live;
      if (opts.screen) await live.shareScreen();
      return true;
    } catch (err) {
      console.error('live call: unable to join', err);
      live.close();
      setView(null);
      toast.error(LIVE_TEXT.unableToJoin);
      return false;
    }
  }, []);

  const leave = useCallback(async (tellOther: boolean) => {
    await callRef.current?.leave(tellOther);
    callRef.current = null;
    setRemote(null);
    setView(null);
  }, []);

  useEffect(() => () => callRef.current?.close(), []);

  return { view, remote, start, leave, call: callRef };
}
