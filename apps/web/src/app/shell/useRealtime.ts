import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { connectSocket } from '../../api/socket.ts';

/** Opens the realtime connection while the logged-in shell is shown; /logout closes it. */
export function useRealtime(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    connectSocket(queryClient);
  }, [queryClient]);
}
