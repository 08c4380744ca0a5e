import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { cloudRoutes } from '@rushes/shared/routes/cloud';
import { cloudAgentRoutes } from '@rushes/shared/routes/cloudAgent';
import { call } from '../../api/client.ts';
import { mutationHook } from '../../api/mutation.ts';
import { connectSocket } from '../../api/socket.ts';

/** Cloud editing's data. Keys under ['cloud']. */
export const cloudKeys = {
  all: ['cloud'] as const,
  time: ['cloud', 'time'] as const,
  lookup: (kind: string, projectDbId: string, arg = '') => ['cloud', kind, projectDbId, arg] as const,
};

/**
 * The caller's session, queue entry and the server clock (the cloud time call). Refetched when the
 * server says it changed (cloud_session: start, phase, extension, end, release, from any tab or job),
 * when the connection opens again (the socket refetches every query then) and each minute, so the
 * banner's clock never drifts far. `wanted`: false keeps it from being asked yet.
 */
export function useCloudTime(wanted = true) {
  const queryClient = useQueryClient();
  useEffect(() => {
    // connectSocket, not getSocket: the banner is a child of the shell, whose effect (which opens
    // the connection) runs after this one; getSocket() was still null here, so the banner never
    // listened and an open tab changed only on reload or the minute's refetch.
    const socket = connectSocket(queryClient);
    const refresh = () => void queryClient.invalidateQueries({ queryKey: cloudKeys.time });
    socket.on('cloud_session', refresh);
    return () => void socket.off('cloud_session', refresh);
  }, [queryClient]);
  return useQuery({
    queryKey: cloudKeys.time,
    queryFn: async ({ signal }) => {
      const sent = Date.now();
      const data = await call(cloudRoutes.time, {}, { signal });
      // the server's clock minus ours (half the round trip counted), for countdowns
      const skew = new Date(data.current_time).getTime() - (sent + Date.now()) / 2;
      return { ...data, skew };
    },
    refetchInterval: 60_000,
    staleTime: 5_000,
    enabled: wanted,
  });
}

export function useSystemTypes(projectDbId: string) {
  return useQuery({
    queryKey: cloudKeys.lookup('types', projectDbId),
    queryFn: ({ signal }) => call(cloudRoutes.systemTypes, { project_db_id: projectDbId }, { signal }),
  });
}

export function useSoftwares(projectDbId: string) {
  return useQuery({
    queryKey: cloudKeys.lookup('softwares', projectDbId),
    queryFn: ({ signal }) => call(cloudRoutes.softwares, { project_db_id: projectDbId }, { signal }),
  });
}

export function usePlugins(projectDbId: string, softwareSlug: string | null) {
  return useQuery({
    queryKey: cloudKeys.lookup('plugins', projectDbId, softwareSlug ?? ''),
    queryFn: ({ signal }) =>
      call(cloudRoutes.plugins, { project_db_id: projectDbId, software_slug: softwareSlug! }, { signal }),
    enabled: Boolean(softwareSlug),
  });
}

export function useHardware(projectDbId: string, softwareSlug: string | null) {
  return useQuery({
    queryKey: cloudKeys.lookup('hardware', projectDbId, softwareSlug ?? ''),
    queryFn: ({ signal }) =>
      call(cloudRoutes.hardware, { project_db_id: projectDbId, software_slug: softwareSlug! }, { signal }),
    enabled: Boolean(softwareSlug),
  });
}

export const useAvailability = mutationHook(cloudRoutes.availability);
export const useStartSession = mutationHook(cloudRoutes.start);
export const useExtendSession = mutationHook(cloudRoutes.extend);
export const useEndSession = mutationHook(cloudRoutes.end);
export const useJoinQueue = mutationHook(cloudRoutes.queue);
export const useCancelQueue = mutationHook(cloudRoutes.cancelQueue);
export const useReportIssue = mutationHook(cloudRoutes.report);

export const fetchConnectionFile = (cloudId: string) =>
  call(cloudRoutes.connectionFile, { cloud_id: cloudId });
export const fetchErrorTypes = (cloudId: string) =>
  call(cloudRoutes.errorTypes, { cloud_assignment_db_id: cloudId });
export type ConnectorOs = 'windows' | 'mac_intel' | 'mac_silicon' | 'linux';
/** Where our program's download for `os` is (the connector is its `connect` command). */
export const fetchConnectorLink = (os: ConnectorOs) => call(cloudRoutes.connector, { os });

/** Platform admins' lists: refused with 403 for everyone else. */
export function useAdminReports() {
  return useQuery({
    queryKey: [...cloudKeys.all, 'admin', 'reports'],
    queryFn: ({ signal }) => call(cloudRoutes.adminReports, {}, { signal }),
    retry: false,
  });
}
export function useAdminMachines() {
  return useQuery({
    queryKey: [...cloudKeys.all, 'admin', 'machines'],
    queryFn: ({ signal }) => call(cloudRoutes.adminMachines, {}, { signal }),
    retry: false,
  });
}
export const useHandleReport = mutationHook(cloudRoutes.adminHandleReport);
export const useAddMachine = mutationHook(cloudRoutes.adminAddMachine);
export const useRemoveMachine = mutationHook(cloudRoutes.adminRemoveMachine);
export const useRotateMachineKey = mutationHook(cloudRoutes.adminMachineKey);
export function useAdminCatalogue() {
  return useQuery({
    queryKey: [...cloudKeys.all, 'admin', 'catalogue'],
    queryFn: ({ signal }) => call(cloudRoutes.adminCatalogue, {}, { signal }),
    retry: false,
  });
}
export const useSaveCatalogue = mutationHook(cloudRoutes.adminSaveCatalogue);
/** Each provider's health; asked again every few seconds, as heartbeats come every 5 s. */
export function useAdminHealth() {
  return useQuery({
    queryKey: [...cloudKeys.all, 'admin', 'health'],
    queryFn: ({ signal }) => call(cloudAgentRoutes.adminHealth, {}, { signal }),
    retry: false,
    refetchInterval: 10_000,
    meta: { silent: true },
  });
}
