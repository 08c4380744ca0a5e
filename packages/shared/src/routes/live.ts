import {
  liveAudioBody,
  liveAudioCall,
  liveIceServers,
  liveInviteBody,
  liveLeaveBody,
  liveMessage,
  liveQuery,
  liveRemoveBody,
  liveRemoved,
  liveState,
} from '../schemas/live.ts';
import { LIVE_API } from '../rules/live.ts';
import { defineRoutes } from './define.ts';

/**
 * Live collaboration (spec 001 §7 Live collaboration). Any project member reads the lists;
 * only the host of a started session invites and removes; only the two members join the call.
 */
export const liveRoutes = defineRoutes('live', {
  state: {
    method: 'GET',
    path: LIVE_API.root,
    query: liveQuery,
    response: liveState,
    policy: 'live.canReadLive',
  },
  invite: {
    method: 'POST',
    path: LIVE_API.root,
    body: liveInviteBody,
    response: liveMessage,
    policy: 'live.canInvite',
  },
  remove: {
    method: 'PUT',
    path: LIVE_API.root,
    body: liveRemoveBody,
    response: liveRemoved,
    policy: 'live.canInvite',
  },
  join: {
    method: 'POST',
    path: LIVE_API.audioCall,
    body: liveAudioBody,
    response: liveAudioCall,
    policy: 'live.isCallMember',
  },
  leave: {
    method: 'PUT',
    path: LIVE_API.audioCall,
    body: liveLeaveBody,
    response: liveMessage,
    policy: 'live.isCallMember',
  },
  iceServers: { method: 'GET', path: LIVE_API.iceServers, response: liveIceServers, policy: 'self' },
});
