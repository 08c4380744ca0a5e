import { defineModule } from '../../platform/modules.ts';
import { liveRoom, registerLiveMappers } from './live.realtime.ts';
import { liveRoutes } from './live.routes.ts';
import type {} from './live.events.ts';

/**
 * Live collaboration (issue 19): the host of a started cloud session invites one collaborator into
 * a peer-to-peer audio call and screen share, signalled over Socket.IO in the live:{id} room.
 */
export const liveModule = defineModule({
  name: 'live',
  routes: [liveRoutes],
  listeners: [registerLiveMappers],
  rooms: { live: liveRoom },
});
