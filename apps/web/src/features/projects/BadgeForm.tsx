import { Autocomplete, Button, Group, Loader, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MSG, UI, badgeText } from '@rushes/shared';
import { toast } from '../../ui/toast.ts';
import { projectKeys, useClearBadge, useCollaboratorBadge, useSetBadge } from './api.ts';

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
  const set = useSetBadge({
    onSuccess: (data) => done(data.message),
  });
  const clear = useClearBadge({
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
          <Button
            variant="default"
            loading={clear.isPending}
            onClick={() => clear.mutate({ project_db_id: projectDbId, user_db_id: userDbId })}
          >
            {UI.clearBadge}
          </Button>
        )}
        <Button
          loading={set.isPending}
          onClick={() => {
            const parsed = badgeText().safeParse(value);
            if (!parsed.success) setError(parsed.error.issues[0]?.message ?? MSG.required);
            else
              set.mutate({
                project_db_id: projectDbId,
                user_db_id: userDbId,
                collaborator_badge: parsed.data,
              });
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
