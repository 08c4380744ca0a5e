import { useQuery } from '@tanstack/react-query';
import { guideHref, type GuideSection, type ShellConfig } from '@rushes/shared';
import { shellRoutes } from '@rushes/shared/routes/shell';
import { call } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { mutationHook } from '../../api/mutation.ts';

/** The app shell's calls; keys start with 'shell'. */
export const shellKeys = {
  config: queryKeys.shellConfig,
  supportChat: ['shell', 'supportChat'] as const,
  tour: ['shell', 'tour'] as const,
  team: (teamDbId: string) => ['shell', 'team', teamDbId] as const,
};

/** The build of this page (VITE_BUILD_TYPE=app at build time), else the server's BUILD_TYPE. */
const BUILT_AS_APP = import.meta.env.VITE_BUILD_TYPE === 'app';

/** The runtime settings: Help Center's address and the build type; read once per session. */
export function useShellConfig() {
  return useQuery({
    queryKey: shellKeys.config,
    queryFn: ({ signal }) => call(shellRoutes.config, {}, { signal }),
    staleTime: Infinity,
    meta: { silent: true },
  });
}

/** Whether this is the app build (the embedded/kiosk shell): no notification bell, no team switcher. */
export function useIsAppBuild(): boolean {
  const config = useShellConfig().data;
  return BUILT_AS_APP || config?.build_type === 'app';
}

/** Where Help Center opens: HELP_CENTER_URL, the user guide by default. */
export function helpCenterUrl(config: ShellConfig | undefined): string {
  return config?.help_center_url || '/user-guide';
}

/** A feature's help article: the configured Help Center, else that feature's section of the user guide. */
export function helpArticleUrl(config: ShellConfig | undefined, section: GuideSection): string {
  return config?.help_center_url || guideHref(section);
}

export function useSupportChat() {
  return useQuery({
    queryKey: shellKeys.supportChat,
    queryFn: ({ signal }) => call(shellRoutes.supportChat, {}, { signal }),
    staleTime: Infinity,
    meta: { silent: true },
  });
}

export function useProductTour() {
  return useQuery({
    queryKey: shellKeys.tour,
    queryFn: ({ signal }) => call(shellRoutes.tour, {}, { signal }),
    staleTime: Infinity,
    meta: { silent: true },
  });
}
export const useUpdateTour = mutationHook(shellRoutes.updateTour);

export function useTeamShellSettings(teamDbId: string | null) {
  return useQuery({
    queryKey: shellKeys.team(teamDbId ?? ''),
    queryFn: ({ signal }) => call(shellRoutes.teamSettings, { team_db_id: teamDbId! }, { signal }),
    enabled: Boolean(teamDbId),
    staleTime: 60_000,
    meta: { silent: true },
  });
}
export const useUpdateTeamShellSettings = mutationHook(shellRoutes.updateTeamSettings);
