import { Autocomplete, Button, Group, Loader, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { API, MSG, UI, badgeText } from '@rushes/shared';
import { api } from '../../api/client.ts';
import { toast } from '../../ui/toast.ts';
import { projectKeys, useCollaboratorBadge } from './api.ts';

function BadgeEditor({
  projectDbId,
  userDbId,
  current,
  suggestions,
}: {
  projectDbId: string;
  userDbId: string;
  current: string | null;
  suggestions: string[];
}) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState(current ?? '');
  const [error, setError] = useState<string | null>(null);
  const done = (message: string) => {
    toast.success(message || MSG.badgeUpdated);
    void queryClient.invalidateQueries({ queryKey: projectKeys.members(projectDbId) });
    void queryClient.invalidateQueries({ queryKey: projectKeys.badge(projectDbId, userDbId) });
  };
  const set = useMutation({
    mutationFn: (badge: string) =>
      api.post<{ message: string }>(API.projects.badge, {
        project_db_id: projectDbId,
        user_db_id: userDbId,
        collaborator_badge: badge,
      }),
    onSuccess: (data) => done(data.message),
  });
  const clear = useMutation({
    mutationFn: () =>
      api.put<{ message: string }>(API.projects.badge, { project_db_id: projectDbId, user_db_id: userDbId }),
    onSuccess: (data) => {
      setValue('');
      done(data.message);
    },
  });

  return (
    <Stack gap="xs">
      <Autocomplete
        label={UI.badge}
        placeholder={UI.badgePlaceholder}
        data={suggestions}
        value={value}
        error={error}
        comboboxProps={{ withinPortal: false }}
        onChange={(next) => {
          setValue(next);
          setError(null);
        }}
      />
      <Group justify="flex-end" gap="xs">
        {current && (
          <Button variant="default" loading={clear.isPending} onClick={() => clear.mutate()}>
            {UI.clearBadge}
          </Button>
        )}
        <Button
          loading={set.isPending}
          onClick={() => {
            const parsed = badgeText().safeParse(value);
            if (!parsed.success) setError(parsed.error.issues[0]?.message ?? MSG.required);
            else set.mutate(parsed.data);
          }}
        >
          {UI.setBadge}
        </Button>
      </Group>
    </Stack>
  );
}

/** A collaborator's role badge (spec 000 §4): set from free text or a suggestion, or clear it. */
export function BadgeForm({ projectDbId, userDbId }: { projectDbId: string; userDbId: string }) {
  const badge = useCollaboratorBadge(projectDbId, userDbId);
  if (badge.isPending) return <Loader size="sm" />;
  if (!badge.data) return null;
  return (
    <BadgeEditor
      key={badge.data.user_badge ?? ''}
      projectDbId={projectDbId}
      userDbId={userDbId}
      current={badge.data.user_badge}
      suggestions={badge.data.suggestions}
    />
  );
}
