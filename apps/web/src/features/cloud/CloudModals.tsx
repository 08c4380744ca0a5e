import { Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CLOUD_TEXT, MSG, UI, type CloudSession } from '@rushes/shared';
import { showApiError } from '../../app/apiErrors.ts';
import { fieldErrorsOf } from '../../api/client.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { toast } from '../../ui/toast.ts';
import { cloudKeys, fetchErrorTypes, useEndSession, useReportIssue } from './api.ts';

/** End session (spec 001 §2, §4.8): asks, then sends message End. */
export function EndSessionModal({
  session,
  opened,
  onClose,
}: {
  session: CloudSession;
  opened: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const end = useEndSession({
    onSuccess: (data) => {
      toast.success(data.message);
      void queryClient.invalidateQueries({ queryKey: cloudKeys.time });
      onClose();
    },
  });
  return (
    <ConfirmDialog
      opened={opened}
      title={CLOUD_TEXT.endSession}
      message={CLOUD_TEXT.endSessionConfirm}
      confirmLabel={CLOUD_TEXT.endSession}
      loading={end.isPending}
      onClose={onClose}
      onConfirm={() =>
        end.mutate({
          project_db_id: session.project_db_id,
          cloud_id: session.cloud_access_db_id,
          message: 'End',
        })
      }
    />
  );
}

/**
 * Report a cloud-system issue (spec 001 §5): the type is required; the session ID typed must be the
 * current one, else 'Invalid Cloud Session ID'.
 */
export function ReportIssueModal({
  session,
  opened,
  onClose,
}: {
  session: CloudSession;
  opened: boolean;
  onClose: () => void;
}) {
  const types = useQuery({
    queryKey: [...cloudKeys.all, 'errorTypes', session.cloud_access_db_id],
    queryFn: () => fetchErrorTypes(session.cloud_access_db_id),
    enabled: opened,
  });
  const [type, setType] = useState<string | null>(null);
  const [id, setId] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const report = useReportIssue({
    onSuccess: (data) => {
      toast.success(data.message);
      setType(null);
      setId('');
      setMessage('');
      onClose();
    },
    // the form shows field errors itself; anything else is the one toast shown here
    meta: { silent: true },
    onError: (err) => {
      const fields = fieldErrorsOf(err);
      if (fields) setErrors(fields);
      else showApiError(err);
    },
  });
  function submit() {
    const local: Record<string, string> = {};
    if (!type) local.error_type = MSG.required;
    if (id.trim() !== session.cloud_assignment_id) local.cloud_assignment_id = CLOUD_TEXT.invalidSessionId;
    setErrors(local);
    if (Object.keys(local).length) return;
    report.mutate({
      cloud_assignment_db_id: session.cloud_access_db_id,
      cloud_assignment_id: id.trim(),
      error_type: type!,
      error_message: message,
    });
  }
  return (
    <Modal opened={opened} onClose={onClose} title={CLOUD_TEXT.reportIssue} centered>
      <Stack gap="sm">
        <Select
          label={CLOUD_TEXT.reportType}
          data={types.data?.error_types ?? []}
          value={type}
          onChange={setType}
          error={errors.error_type}
          withAsterisk
        />
        <TextInput
          label={CLOUD_TEXT.reportSessionId}
          value={id}
          onChange={(e) => setId(e.currentTarget.value)}
          error={errors.cloud_assignment_id}
          withAsterisk
        />
        <Textarea
          label={CLOUD_TEXT.reportMessage}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          autosize
          minRows={3}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {UI.cancel}
          </Button>
          <Button loading={report.isPending} onClick={submit}>
            {CLOUD_TEXT.reportIssue}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
