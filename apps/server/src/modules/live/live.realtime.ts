import type { AppContext } from '../../platform/context.ts';
import { isCallMember } from './live.policy.ts';
import { createLiveService } from './live.service.ts';
import { verifyCallToken } from './live.tokens.ts';
import './live.events.ts';

const room = (collabId: string) => `live:${collabId}`;

/**
 * Live collaboration → realtime (spec 001 §4). The spec's private-{project_db_id} is the project room
 * (live_collaboration_remove_{user_id}); private-{live_collaboration_db_id} is live:{id}
 * (live_collaboration, call_initiator, and the WebRTC signalling), which only the host and the guest
 * may join, by the same rule as the call's HTTP calls (live.policy.ts isCallMember).
 */
export function registerLiveMappers(ctx: AppContext) {
  const { events, realtime } = ctx;
  const service = createLiveService(ctx);

  events.on('live.changed', ({ projectId, collabId, callJoined, callEndedByHost, userIds }) => {
    const payload = {
      live_collaboration_db_id: collabId,
      call_joined: callJoined,
      call_ended_by_host: callEndedByHost,
    };
    realtime.toRoom(room(collabId), 'live_collaboration', payload);
    // the two members' open project pages refetch their lists (the invitation appears live)
    realtime.toUsers(userIds, 'live_collaboration', payload);
    realtime.toRoom(`project:${projectId}`, 'project_members_changed', { project_db_id: projectId });
  });

  events.on('live.removed', ({ projectId, collabId, guestUserId }) => {
    realtime.toRoom(`project:${projectId}`, `live_collaboration_remove_${guestUserId}`, {
      live_collaboration_db_id: collabId,
    });
    realtime.toRoom(room(collabId), 'live_collaboration', {
      live_collaboration_db_id: collabId,
      call_joined: false,
      call_ended_by_host: true,
    });
    realtime.evictUser(guestUserId, room(collabId));
  });

  events.on('live.joined', ({ collabId, userId, role }) =>
    realtime.toRoom(room(collabId), 'call_initiator', {
      live_collaboration_db_id: collabId,
      uid: userId,
      role,
    }),
  );

  // Signalling: relayed to the other member only from a socket in the room with its own valid token.
  realtime.registerClientEvent('live_signal', async (socket, payload, reply) => {
    const id = payload.live_collaboration_db_id;
    const userId = socket.data.userId;
    if (!socket.rooms.has(room(id)) || !verifyCallToken(ctx.secret, payload.token, id, userId))
      return reply({ ok: false, error: 'forbidden' });
    if (payload.signal.kind === 'mute') await service.setMuted(userId, id, payload.signal.muted);
    // only the host hands over control (the guest's desktop view enforces it on the server)
    if (
      payload.signal.kind === 'control' &&
      !(await service.setControl(userId, id, payload.signal.guest_control))
    )
      return reply({ ok: false, error: 'forbidden' });
    socket
      .to(room(id))
      .emit('live_signal', { live_collaboration_db_id: id, from: userId, signal: payload.signal });
    reply({ ok: true });
  });
}

/** Joining live:{id}: the host and the guest, while the session runs. */
export function liveRoom(ctx: AppContext) {
  return (userId: string, collabId: string) => isCallMember(ctx.db, userId, collabId);
}
