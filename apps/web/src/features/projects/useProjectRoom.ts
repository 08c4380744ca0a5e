import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { useNavigate } from 'react-router';
import type { ServerToClientEvents } from '@rushes/shared';
import { connectSocket } from '../../api/socket.ts';
import { PATHS } from '../../app/paths.ts';
import { assetKeys } from '../assets/api.ts';
import { projectKeys } from './api.ts';

type Payload<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>[0];

/**
 * While a project page is open its socket sits in the project:{id} room (DESIGN §5), joined again
 * after every reconnect. assets_changed refetches the folders it names (asset_status the asset's folder), searches, the destination
 * browser and the project info (counters); project_members_changed refetches the collaborators
 * and the caller's own permissions; project_update (a rename) refetches the info; losing the project (deleted, removed) goes home.
 */
export function useProjectRoom(projectDbId: string): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // not an effect dependency: the room is left and joined again only when the project changes,
  // not on every move between its folders (navigate changes with the URL)
  const goHome = useEffectEvent(() => void navigate(PATHS.home, { replace: true }));

  useEffect(() => {
    const socket = connectSocket(queryClient);
    const room = `project:${projectDbId}`;
    const join = () => socket.emit('join', room, () => undefined);
    if (socket.connected) join();

    const onAssets = ({ project_db_id, folder_db_ids }: Payload<'assets_changed'>) => {
      if (project_db_id !== projectDbId) return;
      for (const folder of folder_db_ids)
        void queryClient.invalidateQueries({ queryKey: assetKeys.list(projectDbId, folder) });
      void queryClient.invalidateQueries({ queryKey: assetKeys.searches(projectDbId) });
      void queryClient.invalidateQueries({ queryKey: assetKeys.browse(projectDbId) });
      void queryClient.invalidateQueries({ queryKey: projectKeys.info(projectDbId) });
    };
    // spec 002 §4 ingest status: thumbnails, durations and the status badge appear without a reload
    const onStatus = ({ project_db_id, parent_db_id }: Payload<'asset_status'>) => {
      if (project_db_id !== projectDbId) return;
      void queryClient.invalidateQueries({ queryKey: assetKeys.list(projectDbId, parent_db_id) });
      void queryClient.invalidateQueries({ queryKey: assetKeys.searches(projectDbId) });
    };
    const onMembers = ({ project_db_id }: Payload<'project_members_changed'>) => {
      if (project_db_id !== projectDbId) return;
      void queryClient.invalidateQueries({ queryKey: projectKeys.project(projectDbId) });
    };
    // a rename (Manage Project) or new totals: the head and the Manage Project panel follow
    const onUpdate = ({ project }: Payload<'project_update'>) => {
      if (project.project_db_id !== projectDbId) return;
      void queryClient.invalidateQueries({ queryKey: projectKeys.info(projectDbId) });
    };
    const onDelete = ({ project_db_id }: Payload<'project_delete'>) => {
      if (project_db_id !== projectDbId) return;
      queryClient.removeQueries({ queryKey: projectKeys.project(projectDbId) });
      queryClient.removeQueries({ queryKey: assetKeys.project(projectDbId) });
      goHome();
    };

    socket.on('connect', join);
    socket.on('assets_changed', onAssets);
    socket.on('asset_status', onStatus);
    socket.on('project_members_changed', onMembers);
    socket.on('project_update', onUpdate);
    socket.on('project_delete', onDelete);
    return () => {
      socket.off('connect', join);
      socket.off('assets_changed', onAssets);
      socket.off('asset_status', onStatus);
      socket.off('project_members_changed', onMembers);
      socket.off('project_update', onUpdate);
      socket.off('project_delete', onDelete);
      socket.emit('leave', room);
    };
  }, [projectDbId, queryClient]);
}
