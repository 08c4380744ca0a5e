import { defineModule } from '../../platform/modules.ts';
import { checkedInService } from '../../platform/policies.ts';
import { liveRoom, registerLiveMappers } from './live.realtime.ts';
import { liveRoutes } from './live.routes.ts';
import type {} from './live.events.ts';

/**
 * Live collaboration: the host of a started cloud session invites one collaborator into
 * a peer-to-peer audio call and screen share, signalled over Socket.IO in the live:{id} room.
 */
export const liveModule = defineModule({
  name: 'live',
  // Still applied by the services (not yet loaded before the handler).
  policies: {
    'live.canInvite': checkedInService(),
    'live.canReadLive': checkedInService(),
    'live.isCallMember': checkedInService(),
  },
  routes: [liveRoutes],
  listeners: [registerLiveMappers],
  rooms: { live: liveRoom },
});
