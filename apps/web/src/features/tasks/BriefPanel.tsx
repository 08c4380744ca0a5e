import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { BRIEF_LIMIT, MSG, UI, briefText, formatDate, type ProjectBrief } from '@rushes/shared';
import { showApiError } from '../../app/apiErrors.ts';
import type { PanelBaseProps } from '../../app/panels/registry.ts';
import { Form } from '../../ui/Form.tsx';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { toast } from '../../ui/toast.ts';
import { useZodForm } from '../../ui/useZodForm.ts';
import { taskKeys, useBrief, useUpdateBrief } from './api.ts';

export interface BriefPanelProps {
  projectDbId: string;
}

const briefForm = z.object({ brief: briefText() });

function BriefForm({ data, onDone }: { data: ProjectBrief; onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useZodForm(briefForm, { brief: data.brief });
  const save = useUpdateBrief({
    meta: { silent: true },
    onSuccess: (answer) => {
      toast.success(answer.message || MSG.briefUpdated);
      void queryClient.invalidateQueries({ queryKey: taskKeys.brief(data.project_db_id) });
      onDone();
    },
    onError: (error) => {
      if (!form.applyServerErrors(error)) showApiError(error);
    },
  });

  return (
    <Form
      aria-label={UI.addUpdateBrief}
      onSubmit={() => {
        const parsed = form.validate();
        if (parsed)
          save.mutate({
            project_db_id: data.project_db_id,
            data: { title: data.title, brief: parsed.brief },
          });
      }}
    >
      <Textarea
        label={UI.brief}
        rows={10}
        maxLength={BRIEF_LIMIT}
        name="brief"
        value={form.values.brief}
        error={form.errors.brief}
        onChange={(event) => form.setValue('brief', event.currentTarget.value)}
      />
      <Group gap="sm">
        <Button type="submit" loading={save.isPending}>
          {UI.save}
        </Button>
        {data.brief && (
          <Button variant="default" onClick={onDone}>
            {UI.cancel}
          </Button>
        )}
      </Group>
    </Form>
  );
}

/**
 * The project brief panel (spec 000 §2, §5): the brief as plain text and, for those who may change
 * it, an editor (textarea of 10 rows, required, 'No tags allowed') ending with 'Brief updated
 * successfully'. brief_changed refetches it live.
 */
export default function BriefPanel({ projectDbId }: BriefPanelProps & PanelBaseProps) {
  const brief = useBrief(projectDbId);
  const [editing, setEditing] = useState(false);

  if (brief.isPending) return <PageLoader />;
  if (!brief.data) {
    return (
      <Text c="red" size="sm" role="alert">
        {MSG.somethingWentWrong}
      </Text>
    );
  }
  const data = brief.data;
  const edit = data.can_edit && (editing || !data.brief);

  return (
    <Stack gap="md">
      <Text fw={600} truncate="end">
        {data.title}
      </Text>
      {edit ? (
        <BriefForm data={data} onDone={() => setEditing(false)} />
      ) : (
        <Stack gap="sm">
          <Text
            size="sm"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            c={data.brief ? undefined : 'dimmed'}
            aria-label={UI.brief}
          >
            {data.brief || UI.noBrief}
          </Text>
          {data.updated_by && data.updated_on && (
            <Text size="xs" c="dimmed">
              {UI.briefUpdatedBy(data.updated_by.name, formatDate(data.updated_on))}
            </Text>
          )}
          {data.can_edit && (
            <Button variant="default" onClick={() => setEditing(true)} style={{ alignSelf: 'flex-start' }}>
              {UI.editBrief}
            </Button>
          )}
        </Stack>
      )}
    </Stack>
  );
}
