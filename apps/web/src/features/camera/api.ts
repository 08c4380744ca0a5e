import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { cameraRoutes } from '@rushes/shared/routes/camera';
import { call } from '../../api/client.ts';
import { mutationHook } from '../../api/mutation.ts';
import { connectSocket } from '../../api/socket.ts';

/** Camera to edit (spec 001 §7); keys start with 'camera'. */
export const cameraKeys = {
  all: ['camera'] as const,
  models: (projectDbId: string) => ['camera', 'models', projectDbId] as const,
  folders: (projectDbId: string) => ['camera', 'folders', projectDbId] as const,
  sessions: (projectDbId: string) => ['camera', 'sessions', projectDbId] as const,
  session: (projectDbId: string, id: string) => ['camera', 'session', projectDbId, id] as const,
};

export const useCreateC2eSession = mutationHook(cameraRoutes.create);
export const useC2eAction = mutationHook(cameraRoutes.act);
export const useDeleteC2eSession = mutationHook(cameraRoutes.remove);

/** Load failures of models, folders and sessions are only logged (001 §8): the screens show nothing. */
const logged =
  <T>(what: string, load: () => Promise<T>) =>
  async () => {
    try {
      return await load();
    } catch (err) {
      console.error(`camera to edit: ${what} failed to load`, err);
      throw err;
    }
  };

export function useCameraModels(projectDbId: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: cameraKeys.models(projectDbId),
    queryFn: logged('camera models', () => call(cameraRoutes.models, { project_db_id: projectDbId })),
    staleTime: Infinity,
    retry: false,
    meta: { silent: true },
  });
}

export function useC2eFolders(projectDbId: string) {
  return useQuery({
    queryKey: cameraKeys.folders(projectDbId),
    queryFn: logged('folders', () => call(cameraRoutes.folders, { project_db_id: projectDbId })),
    retry: false,
    meta: { silent: true },
  });
}

export function useC2eSessions(projectDbId: string) {
  return useQuery({
    queryKey: cameraKeys.sessions(projectDbId),
    queryFn: logged('sessions', () => call(cameraRoutes.list, { project_db_id: projectDbId })),
    retry: false,
    meta: { silent: true },
  });
}

export function useC2eSession(projectDbId: string, id: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: cameraKeys.session(projectDbId, id),
    queryFn: logged('session', () =>
      call(cameraRoutes.get, { project_db_id: projectDbId, c2e_session_db_id: id }),
    ),
    retry: false,
    meta: { silent: true },
  });
}

/** c2e_sessions and c2e_session_update (001 §4) refresh the sessions; the page already sits in the room. */
export function useCameraEvents(projectDbId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const socket = connectSocket(queryClient);
    const refresh = ({ project_db_id }: { project_db_id: string }) => {
      if (project_db_id === projectDbId)
        void queryClient.invalidateQueries({ queryKey: ['camera', 'session'] });
      if (project_db_id === projectDbId)
        void queryClient.invalidateQueries({ queryKey: cameraKeys.sessions(projectDbId) });
    };
    socket.on('c2e_sessions', refresh);
    socket.on('c2e_session_update', refresh);
    return () => {
      socket.off('c2e_sessions', refresh);
      socket.off('c2e_session_update', refresh);
    };
  }, [projectDbId, queryClient]);
}
