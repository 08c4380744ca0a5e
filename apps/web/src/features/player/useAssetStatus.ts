import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { PlayerAsset } from '@rushes/shared';
import { connectSocket } from '../../api/socket.ts';
import { approvalKeys } from '../approvals/api.ts';
import { playerKeys } from './api.ts';

/**
 * The project room's events that change what a player page shows: while the asset is processing,
 * its status refreshes the asset; a version stacked onto the stack (a comments change of its root,
 * `stackRootId`) refreshes the switcher of the page opened as `openedId`; a new request or approval
 * status refreshes the approval control. The members' player and the iOS player both listen.
 */
export function useAssetStatus(asset: PlayerAsset | undefined, openedId: string, stackRootId: string) {
  const queryClient = useQueryClient();
  const projectDbId = asset?.project_db_id;
  const ingestDbId = asset?.ingest_db_id;
  useEffect(() => {
    if (!projectDbId || !ingestDbId) return;
    const socket = connectSocket(queryClient);
    const room = `project:${projectDbId}`;
    const join = () => socket.emit('join', room, () => undefined);
    if (socket.connected) join();
    const onStatus = (event: { ingest_db_id: string }) => {
      if (event.ingest_db_id === ingestDbId)
        void queryClient.invalidateQueries({ queryKey: playerKeys.asset(ingestDbId) });
    };
    const onStack = (event: { ingest_db_id: string }) => {
      if (event.ingest_db_id === openedId || event.ingest_db_id === stackRootId)
        void queryClient.invalidateQueries({ queryKey: playerKeys.versions(openedId) });
    };
    const onApproval = (event: { ingest_db_id: string }) =>
      void queryClient.invalidateQueries({ queryKey: approvalKeys.asset(event.ingest_db_id) });
    socket.on('connect', join);
    socket.on('asset_status', onStatus);
    socket.on('asset_comments_changed', onStack);
    socket.on('asset_approval_status', onApproval);
    socket.on('task_requests_changed', onApproval);
    return () => {
      socket.off('connect', join);
      socket.off('asset_status', onStatus);
      socket.off('asset_comments_changed', onStack);
      socket.off('asset_approval_status', onApproval);
      socket.off('task_requests_changed', onApproval);
      socket.emit('leave', room);
    };
  }, [projectDbId, ingestDbId, openedId, stackRootId, queryClient]);
}
