import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ServerToClientEvents } from '@rushes/shared';
import { connectSocket } from '../../api/socket.ts';
import { addToTray, removeFromTrays, updateInTrays } from './trayCache.ts';

type Payload<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>[0];

/**
 * Live home trays (spec 002 §4): project_add, project_update and project_delete edit the cache.
 * Run by the shell on every page, not by home alone: the trays' cache outlives home, and a project
 * deleted while its page is open must not come back as a card when home shows its cached tray.
 */
export function useTrayEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const socket = connectSocket(queryClient);
    const onAdd = ({ tray, project }: Payload<'project_add'>) => addToTray(queryClient, tray, project);
    const onUpdate = ({ project }: Payload<'project_update'>) => updateInTrays(queryClient, project);
    const onDelete = ({ project_db_id }: Payload<'project_delete'>) =>
      removeFromTrays(queryClient, project_db_id);
    socket.on('project_add', onAdd);
    socket.on('project_update', onUpdate);
    socket.on('project_delete', onDelete);
    return () => {
      socket.off('project_add', onAdd);
      socket.off('project_update', onUpdate);
      socket.off('project_delete', onDelete);
    };
  }, [queryClient]);
}
