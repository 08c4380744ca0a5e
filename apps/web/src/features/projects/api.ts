import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  HOME_TRAY_PAGE_SIZE,
  type ProjectInfo,
  type ProjectPermissionCode,
  type TrayName,
  type TrayPage,
} from '@rushes/shared';
import { projectsRoutes } from '@rushes/shared/routes/projects';
import { call } from '../../api/client.ts';
import { PREFETCH_FRESH_MS } from '../../api/queryKeys.ts';
import { mutationHook } from '../../api/mutation.ts';

/**
 * Project data (spec 002 §7): trays, info, members. Every key starts with 'projects', so a project
 * change can refresh all of it; a project's own keys start with ['projects', id].
 */
export const projectKeys = {
  all: ['projects'] as const,
  trays: ['projects', 'tray'] as const,
  /** My Projects narrows to the selected team; Collaborated Projects spans teams. */
  tray: (tray: TrayName, teamDbId: string | null) => ['projects', 'tray', tray, teamDbId ?? ''] as const,
  project: (projectDbId: string) => ['projects', projectDbId] as const,
  info: (projectDbId: string) => ['projects', projectDbId, 'info'] as const,
  members: (projectDbId: string) => ['projects', projectDbId, 'members'] as const,
  permissions: (projectDbId: string, userDbId: string) =>
    ['projects', projectDbId, 'permissions', userDbId] as const,
  badge: (projectDbId: string, userDbId: string) => ['projects', projectDbId, 'badge', userDbId] as const,
  /** Destination projects of copy/move (only those the caller may write into). */
  browseProjects: (action: 'copy' | 'move') => ['projects', 'browse', action] as const,
};

/** A home tray, page by page (keyset: each page carries the next cursor). */
export function useTray(tray: TrayName, teamDbId: string | null) {
  return useInfiniteQuery(projectTrayQuery(tray, teamDbId));
}

/** The tray's query, also started by home's prefetch before the page renders. */
export function projectTrayQuery(tray: TrayName, teamDbId: string | null) {
  return infiniteQueryOptions({
    queryKey: projectKeys.tray(tray, teamDbId),
    queryFn: ({ pageParam, signal }) =>
      call(
        projectsRoutes.trays,
        {
          tray_name: tray,
          entries_per_page: HOME_TRAY_PAGE_SIZE,
          cursor: pageParam ?? undefined,
          ...(teamDbId ? { team_db_id: teamDbId } : {}),
        },
        { signal },
        // a project tray (tray_name names one): the shared-assets page is the other member of the union
      ).then((page) => page as TrayPage),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: PREFETCH_FRESH_MS,
  });
}

export function useProjectInfo(projectDbId: string) {
  return useQuery({
    queryKey: projectKeys.info(projectDbId),
    queryFn: ({ signal }) => call(projectsRoutes.info, { project_db_id: projectDbId }, { signal }),
    // the project page shows a refusal itself
    meta: { silent: true },
  });
}

/** Whether the caller holds a permission code in the project (from the project info). */
export function canIn(info: ProjectInfo | undefined, code: ProjectPermissionCode): boolean {
  return Boolean(info?.permissions.includes(code));
}

export function useProjectMembers(projectDbId: string) {
  return useQuery({
    queryKey: projectKeys.members(projectDbId),
    queryFn: ({ signal }) => call(projectsRoutes.collaborators, { project_db_id: projectDbId }, { signal }),
  });
}

export function useCollaboratorPermissions(projectDbId: string, userDbId: string) {
  return useQuery({
    queryKey: projectKeys.permissions(projectDbId, userDbId),
    queryFn: ({ signal }) =>
      call(projectsRoutes.permissions, { project_db_id: projectDbId, user_db_id: userDbId }, { signal }).then(
        (d) => d.permissions,
      ),
  });
}

export function useCollaboratorBadge(projectDbId: string, userDbId: string) {
  return useQuery({
    queryKey: projectKeys.badge(projectDbId, userDbId),
    queryFn: ({ signal }) =>
      call(projectsRoutes.badge, { project_db_id: projectDbId, user_db_id: userDbId }, { signal }),
  });
}

// Writes (each screen adds its toasts and cache updates through the hook's options).
export const useCreateProject = mutationHook(projectsRoutes.create);
export const useRenameProject = mutationHook(projectsRoutes.rename);
export const useDeleteProject = mutationHook(projectsRoutes.remove);
export const useAddCollaborators = mutationHook(projectsRoutes.addCollaborators);
export const useResendCollaboratorInvite = mutationHook(projectsRoutes.resendInvite);
export const useRemoveCollaborator = mutationHook(projectsRoutes.removeCollaborator);
export const useSetCollaboratorPermissions = mutationHook(projectsRoutes.setPermissions);
export const useSetBadge = mutationHook(projectsRoutes.setBadge);
export const useClearBadge = mutationHook(projectsRoutes.clearBadge);
