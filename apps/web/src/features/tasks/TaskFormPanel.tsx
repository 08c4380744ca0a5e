import '@mantine/dates/styles.css';
import { Button, Group, Select, Text, Textarea } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  MSG,
  TASK_DESCRIPTION_LIMIT,
  UI,
  createTaskBody,
  formatDay,
  todayIn,
  updateTaskBody,
  type Task,
} from '@rushes/shared';
import { tasksRoutes } from '@rushes/shared/routes/tasks';
import type { CallInput } from '../../api/client.ts';
import { useUser } from '../../api/currentUser.ts';
import { showApiError } from '../../app/apiErrors.ts';
import { usePanels } from '../../app/panels/PanelContext.ts';
import type { PanelBaseProps } from '../../app/panels/registry.ts';
import { Form } from '../../ui/Form.tsx';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { toast } from '../../ui/toast.ts';
import { useZodForm } from '../../ui/useZodForm.ts';
import { userTimeZone } from '../../ui/timeZone.ts';
import { taskKeys, useCreateTask, useTask, useTaskTypes, useUpdateTask } from './api.ts';
import { PeoplePicker, type PickedPerson } from './PeoplePicker.tsx';

export interface TaskFormPanelProps {
  projectDbId: string;
  /** Set to change an existing task; absent to create one. */
  taskDbId?: string;
}

/** The date picker's format: dd MMM yyyy in dayjs tokens (spec 000 §5). */
const DATE_FORMAT = 'DD MMM YYYY';

type Field = 'task_type' | 'assigned_to' | 'user_email' | 'expire_at' | 'description';

function initialOf(task: Task | undefined): Record<Field, string> {
  return {
    task_type: task?.task_type ?? '',
    assigned_to: task?.assigned_to_user_profiles[0]?.user_id ?? '',
    user_email: task && !task.assigned_to_user_profiles.length ? (task.invited_team_members[0] ?? '') : '',
    expire_at: task?.due_date ?? '',
    description: task?.description ?? '',
  };
}

function pickedOf(task: Task | undefined): PickedPerson[] {
  const user = task?.assigned_to_user_profiles[0];
  if (user) return [{ kind: 'user', user_id: user.user_id, name: user.name }];
  const mail = task?.invited_team_members[0];
  return mail ? [{ kind: 'email', email: mail }] : [];
}

function TaskForm({ projectDbId, task, close }: { projectDbId: string; task?: Task; close: () => void }) {
  const user = useUser();
  const panels = usePanels();
  const queryClient = useQueryClient();
  const types = useTaskTypes();
  const [assignee, setAssignee] = useState<PickedPerson[]>(pickedOf(task));
  const schema = task ? updateTaskBody : createTaskBody;
  const form = useZodForm<Field, unknown>(schema, initialOf(task));
  const tz = userTimeZone();

  const onSuccess = (answer: { message: string; task_db_id: string }) => {
    toast.success(answer.message || (task ? MSG.taskUpdated : MSG.taskCreated));
    void queryClient.invalidateQueries({ queryKey: taskKeys.all });
    panels.open('taskDetail', { projectDbId, taskDbId: answer.task_db_id });
  };
  const onError = (error: Error) => {
    if (!form.applyServerErrors(error)) showApiError(error);
  };
  const create = useCreateTask({ meta: { silent: true }, onSuccess, onError });
  const update = useUpdateTask({ meta: { silent: true }, onSuccess, onError });
  const save = task ? update : create;

  const submit = () => {
    const { values } = form;
    const extra = {
      project_db_id: projectDbId,
      ...(task ? { task_db_id: task.task_db_id } : {}),
      form_action: task ? 'update' : 'create',
      assigned_to: values.assigned_to || undefined,
      user_email: values.user_email || undefined,
      // the spec sends the due day as day month year text
      expire_at: values.expire_at ? formatDay(values.expire_at) : '',
      tz,
    };
    if (!form.validate(extra)) return;
    // the form's values were checked by the route's own schema (useZodForm)
    const body = { ...values, ...extra };
    if (task) update.mutate(body as CallInput<typeof tasksRoutes.update>);
    else create.mutate(body as CallInput<typeof tasksRoutes.create>);
  };

  // types the server marks can_select: false (Approval, Review) are shown, disabled (spec 000 §3)
  const options = (types.data ?? []).map((t) => ({
    value: t.field,
    label: t.title,
    disabled: !t.can_select,
  }));

  return (
    <Form aria-label={task ? UI.updateTask : UI.createTask} onSubmit={submit}>
      <Select
        label={UI.taskType}
        placeholder={UI.chooseTaskType}
        data={options}
        searchable
        value={form.values.task_type || null}
        error={form.errors.task_type}
        nothingFoundMessage={MSG.noRecordFound}
        allowDeselect={false}
        comboboxProps={{ withinPortal: false }}
        onChange={(value) => form.setValue('task_type', value ?? '')}
      />
      <PeoplePicker
        projectDbId={projectDbId}
        label={UI.assignTo}
        max={1}
        value={assignee}
        excludeUserIds={new Set([user.user_id])}
        error={form.errors.assigned_to ?? form.errors.user_email}
        onChange={(value) => {
          setAssignee(value);
          const one = value[0];
          form.setValue('assigned_to', one?.kind === 'user' ? one.user_id : '');
          form.setValue('user_email', one?.kind === 'email' ? one.email : '');
        }}
      />
      <DatePickerInput
        label={UI.dueDate}
        placeholder={UI.pickDate}
        valueFormat={DATE_FORMAT}
        minDate={todayIn(tz)}
        value={form.values.expire_at || null}
        error={form.errors.expire_at}
        leftSection={<IconCalendar size={16} />}
        popoverProps={{ withinPortal: false }}
        onChange={(value) => form.setValue('expire_at', value ?? '')}
      />
      <Textarea
        label={UI.description}
        rows={4}
        maxLength={TASK_DESCRIPTION_LIMIT}
        value={form.values.description}
        error={form.errors.description}
        onChange={(event) => form.setValue('description', event.currentTarget.value)}
      />
      {form.formError && (
        <Text c="red" size="sm" role="alert">
          {form.formError}
        </Text>
      )}
      <Group gap="sm">
        <Button type="submit" loading={save.isPending}>
          {task ? UI.update : UI.create}
        </Button>
        <Button variant="default" onClick={close}>
          {UI.cancel}
        </Button>
      </Group>
    </Form>
  );
}

/**
 * Create or change a task (spec 000 §2, §5): type (from the server), one assignee (a project member
 * found from 3 characters, or a typed e-mail to invite), due date (picker only, dd MMM yyyy, past
 * days disabled), description of 4 rows; every field required. Ends with 'Task created
 * successfully' / 'Task updated successfully' and opens the task.
 */
export default function TaskFormPanel({ projectDbId, taskDbId, close }: TaskFormPanelProps & PanelBaseProps) {
  const existing = useTask(taskDbId ?? '', Boolean(taskDbId));
  if (!taskDbId) return <TaskForm projectDbId={projectDbId} close={close} />;
  if (existing.isPending) return <PageLoader />;
  if (!existing.data) {
    return (
      <Text c="red" size="sm" role="alert">
        {MSG.somethingWentWrong}
      </Text>
    );
  }
  return <TaskForm projectDbId={projectDbId} task={existing.data} close={close} />;
}
