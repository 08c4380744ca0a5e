/**
 * Live collaboration: its paths, texts and call rules, shared by the server, the web call
 * and its tests. No schemas here (schemas/live.ts), so the shell's call provider does not load zod.
 */

import { addProductMessages } from './messages.ts';

/**
 * Live collaboration (spec 001 §3, §4, §7): the host of a started cloud session invites one
 * collaborator into an audio call and screen share. Field names are the spec's.
 */
export const LIVE_API = {
  /** GET the lists, POST an invitation (user_db_ids), PUT to remove a user (user_db_id) */
  root: '/api/live-collaboration',
  /** POST to join the audio call, PUT to leave it */
  audioCall: '/api/live-collaboration/audio-call',
  /** GET the STUN/TURN servers (short-lived coturn REST credentials) */
  iceServers: '/api/live-collaboration/ice-servers',
  /**
   * WebSocket: the guest's view of the host's workstation (RFB, no password asked: the server
   * authenticates to the VNC server itself and drops input while the guest only watches).
   */
  desktop: '/api/live-collaboration/desktop',
} as const;

/** Audio call token life (spec 001 §9) and the call's media profile (§4). */
export const LIVE_TOKEN_SECONDS = 3600;
export const LIVE_VIDEO_CODEC = 'vp8';
export const LIVE_AUDIO_PROFILE = 'music_standard';

export const LIVE_TEXT = {
  // spec 001 §2, §8
  panelTitle: 'Live Collaboration',
  invite: 'Invite a Collaborator',
  inviteButton: 'Invite',
  joinLiveSession: 'Join Live Session',
  invitedCollaborators: 'Invited Collaborators',
  unableToJoin: 'Unable to join the audio call.',
  // server messages (spec 001 §8: the invite message comes from the server, its text is not shown)
  invited: 'Collaborator invited to the live session',
  removed: 'Collaborator removed from the live session',
  notStarted: 'Live collaboration needs a started cloud session',
  alreadyInvited: 'A collaborator is already invited to this session',
  notSelf: 'You cannot invite yourself',
  notMember: 'Choose one of the project admins or collaborators',
  onlyHost: 'Only the host can do this',
  notificationTitle: 'Live Collaboration',
  notificationMessage: 'invited you to a live session',
  callEnded: 'The host ended the call',
  chooseCollaborator: 'Choose a collaborator',
  joinAudio: 'Join Audio Call',
  joinScreen: 'Join with Screen Share',
  mute: 'Mute',
  unmute: 'Unmute',
  endCall: 'End Call',
  leave: 'Leave',
  remove: 'Remove',
  shareScreen: 'Share Screen',
  stopShare: 'Stop Sharing',
  muted: 'Muted',
  noInvitations: 'No Record Found',
  // the guest watching the host's workstation
  watchWorkstation: 'Watch Workstation',
  stopWatching: 'Stop Watching',
  handOverControl: 'Hand Over Control',
  takeBackControl: 'Take Back Control',
  viewOnly: 'View only',
  youHaveControl: 'You have control',
  guestHasControl: 'Collaborator has control',
  openPanel: 'Open Live Collaboration',
  inCall: 'In call',
  /** the call's state as shown in the audio call panel */
  phase: { connecting: 'Connecting…', connected: 'Connected', failed: 'Reconnecting…', ended: 'Call ended' },
} as const;

// the server's envelope check knows these texts as the product's
addProductMessages(Object.values(LIVE_TEXT).flatMap((t) => (typeof t === 'string' ? [t] : Object.values(t))));

/** Opus tuned for music (spec's music_standard): stereo, 128 kbit/s average, in-band FEC. */
export function tuneOpus(sdp: string): string {
  const rtpmap = /a=rtpmap:(\d+) opus\/48000\/2/i.exec(sdp);
  if (!rtpmap) return sdp;
  const pt = rtpmap[1];
  const extra = 'stereo=1;sprop-stereo=1;maxaveragebitrate=128000;useinbandfec=1';
  const fmtp = new RegExp(`a=fmtp:${pt} ([^\\r\\n]*)`);
  if (fmtp.test(sdp))
    return sdp.replace(fmtp, (_all, params: string) => {
      const kept = params
        .split(';')
        .filter((p) => !/^(stereo|sprop-stereo|maxaveragebitrate|useinbandfec)=/.test(p.trim()));
      return `a=fmtp:${pt} ${[...kept, extra].join(';')}`;
    });
  return sdp.replace(rtpmap[0], `${rtpmap[0]}\r\na=fmtp:${pt} ${extra}`);
}
