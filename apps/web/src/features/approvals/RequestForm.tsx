import { Button, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  MSG,
  REQUEST_COMMENT_LIMIT,
  REQUEST_PEOPLE_MAX,
  UI,
  createTaskRequestBody,
  type TaskRequestType,
} from '@rushes/shared';
import { fieldErrorsOf } from '../../api/client.ts';
import { useSelectedTeam } from '../../api/currentUser.ts';
import { showApiError } from '../../app/apiErrors.ts';
import { Form } from '../../ui/Form.tsx';
import { toast } from '../../ui/toast.ts';
import { splitPeople, type PickedPerson } from '../tasks/PeoplePicker.tsx';
import { approvalKeys, useCreateTaskRequest } from './api.ts';
import { ReviewerPicker, type AskedPeople } from './ReviewerPicker.tsx';

interface RequestFormProps {
  projectDbId: string;
  ingestDbId: string;
  taskType: TaskRequestType;
  /** People and e-mails already on the asset's requests of this kind. */
  asked: AskedPeople;
}

type Errors = { people?: string; comment?: string };

/**
 * A new approval or review request (spec 000 §2, §7): pick people of the project's team (search
 * from 3 characters; those already asked disabled) or type e-mails, add a comment, send; 'Approval request created successfully' / 'Review request
 * created successfully'.
 */
export function RequestForm({ projectDbId, ingestDbId, taskType, asked }: RequestFormProps) {
  const { team } = useSelectedTeam();
  const queryClient = useQueryClient();
  const [people, setPeople] = useState<PickedPerson[]>([]);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const send = useCreateTaskRequest({
    meta: { silent: true },
    onSuccess: (data) => {
      toast.success(
        data.message ||
          (taskType === 'task_approval' ? MSG.approvalRequestCreated : MSG.reviewRequestCreated),
      );
      setPeople([]);
      setComment('');
      void queryClient.invalidateQueries({ queryKey: approvalKeys.asset(ingestDbId) });
    },
    onError: (error) => {
      const fields = fieldErrorsOf(error);
      if (!fields) return showApiError(error);
      setErrors({
        people: fields.user_ids ?? fields.user_emails,
        comment: fields.comment,
      });
    },
  });

  const submit = () => {
    const parsed = createTaskRequestBody.safeParse({
      ingest_db_id: ingestDbId,
      ...splitPeople(people),
      task_type: taskType,
      comment,
      team_id: team?.team_db_id,
    });
    if (parsed.success) {
      setErrors({});
      send.mutate(parsed.data);
      return;
    }
    const next: Errors = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0]);
      if (key === 'comment') next.comment ??= issue.message;
      else next.people ??= issue.message;
    }
    setErrors(next);
  };

  return (
    <Form aria-label={taskType === 'task_approval' ? UI.requestApproval : UI.requestReview} onSubmit={submit}>
      <ReviewerPicker
        projectDbId={projectDbId}
        ingestDbId={ingestDbId}
        label={UI.reviewers}
        value={people}
        max={REQUEST_PEOPLE_MAX}
        asked={asked}
        error={errors.people}
        onChange={(value) => {
          setPeople(value);
          setErrors((e) => ({ ...e, people: undefined }));
        }}
      />
      <Textarea
        label={UI.comment}
        rows={3}
        maxLength={REQUEST_COMMENT_LIMIT}
        value={comment}
        error={errors.comment}
        onChange={(event) => {
          setComment(event.currentTarget.value);
          setErrors((e) => ({ ...e, comment: undefined }));
        }}
      />
      <Button type="submit" loading={send.isPending} style={{ alignSelf: 'flex-start' }}>
        {UI.sendRequest}
      </Button>
    </Form>
  );
}
