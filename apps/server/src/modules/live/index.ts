import { defineModule } from '../../platform/modules.ts';
import { checkedInService } from '../../platform/policies.ts';
import { projectPolicy } from '../projects/index.ts';
import { canReadLive } from './live.policy.ts';
import { liveRoom, registerLiveMappers } from './live.realtime.ts';
import { liveRoutes } from './live.routes.ts';
import type {} from './live.events.ts';

/**
 * Live collaboration: the host of a started cloud session invites one collaborator into
 * a peer-to-peer audio call and screen share, signalled over Socket.IO in the live:{id} room.
 */
export const liveModule = defineModule({
  name: 'live',
  policies: {
    'live.canReadLive': projectPolicy(canReadLive),
    // Checked in their transaction with the session or the call they change (live.policy.ts).
    'live.canInvite': checkedInService(),
    'live.isCallMember': checkedInService(),
  },
  routes: [liveRoutes],
  listeners: [registerLiveMappers],
  rooms: { live: liveRoom },
});
