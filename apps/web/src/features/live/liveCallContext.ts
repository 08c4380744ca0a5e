import { createContext, useContext } from 'react';
import type { LiveAudioCall } from '@rushes/shared';
import type { CallView } from './liveCall.ts';

/** The call this page is in (one at a time), kept by the shell so closing the panel keeps it. */
export interface ActiveCall {
  collabId: string;
  projectDbId: string;
  role: LiveAudioCall['role'];
  /** the call token (signalling and the guest's view of the workstation) */
  token: string;
}

export interface LiveCallApi {
  active: ActiveCall | null;
  view: CallView | null;
  remote: MediaStream | null;
  /** Starts the call from the join answer; false (and 'Unable to join the audio call.') when it cannot. */
  start: (
    answer: LiveAudioCall,
    projectDbId: string,
    opts?: { screen?: boolean; guestControl?: boolean },
  ) => Promise<boolean>;
  /** Ends this side of the call: tells the server; the host also tells the guest and reloads (§4). */
  end: () => Promise<void>;
  setMuted: (muted: boolean) => void;
  shareScreen: () => Promise<void>;
  stopShare: () => Promise<void>;
  setGuestControl: (on: boolean) => void;
}

export const LiveCallContext = createContext<LiveCallApi | null>(null);

export function useLiveCallContext(): LiveCallApi {
  const api = useContext(LiveCallContext);
  if (!api) throw new Error('useLiveCallContext is used outside the LiveCallProvider');
  return api;
}
