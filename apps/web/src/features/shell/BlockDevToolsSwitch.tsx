import { Switch } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { SHELL_UI } from '@rushes/shared';
import { shellKeys, useTeamShellSettings, useUpdateTeamShellSettings } from './api.ts';

/**
 * A team owner's opt-in to block the F12 key in the app for kiosk screens (off by default;
 * docs/decisions/0027-app-shell-and-user-guide.md: blocking developer tools protects nothing).
 */
export function BlockDevToolsSwitch({ teamDbId }: { teamDbId: string }) {
  const queryClient = useQueryClient();
  const settings = useTeamShellSettings(teamDbId);
  const update = useUpdateTeamShellSettings({
    onSuccess: (data) => queryClient.setQueryData(shellKeys.team(teamDbId), data),
  });
  return (
    <Switch
      label={SHELL_UI.blockDevTools}
      description={SHELL_UI.blockDevToolsHint}
      checked={
        update.isPending
          ? (update.variables?.block_dev_tools ?? false)
          : (settings.data?.block_dev_tools ?? false)
      }
      disabled={settings.isPending || update.isPending}
      onChange={(e) => update.mutate({ team_db_id: teamDbId, block_dev_tools: e.currentTarget.checked })}
    />
  );
}
