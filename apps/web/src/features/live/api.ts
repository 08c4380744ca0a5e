import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { liveRoutes } from '@rushes/shared/routes/live';
import { call } from '../../api/client.ts';
import { mutationHook } from '../../api/mutation.ts';
import { getSocket } from '../../api/socket.ts';

/** Live collaboration's data. Keys under ['live']. */
export const liveKeys = {
  all: ['live'] as const,
  state: (projectDbId: string, sessionId: string | null) => ['live', projectDbId, sessionId ?? ''] as const,
};

/**
 * The invitations received, the host's collaborators and the members to invite; refetched when
 * the server says an invitation or call changed (live_collaboration), when the user's invitation is
 * removed (live_collaboration_remove_{user_id} in the project room) and when members change.
 */
export function useLiveState(projectDbId: string, sessionId: string | null, userId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const socket = getSocket();
    if (!socket) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: liveKeys.all });
    const removed = `live_collaboration_remove_${userId}` as const;
    socket.on('live_collaboration', refresh);
    socket.on(removed, refresh);
    socket.on('project_members_changed', refresh);
    return () => {
      socket.off('live_collaboration', refresh);
      socket.off(removed, refresh);
      socket.off('project_members_changed', refresh);
    };
  }, [queryClient, userId]);
  return useQuery({
    queryKey: liveKeys.state(projectDbId, sessionId),
    queryFn: ({ signal }) =>
      call(
        liveRoutes.state,
        { project_db_id: projectDbId, ...(sessionId ? { cloud_assignment_db_id: sessionId } : {}) },
        { signal },
      ),
  });
}

export const useInviteCollaborator = mutationHook(liveRoutes.invite);
export const useRemoveCollaborator = mutationHook(liveRoutes.remove);
export const useJoinCall = mutationHook(liveRoutes.join);
export const useLeaveCall = mutationHook(liveRoutes.leave);
