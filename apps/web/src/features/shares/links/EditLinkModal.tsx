import { Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  SHARE_LINKS_TEXT as T,
  SHARE_PASSCODE_MAX,
  UI,
  editShareLinkBody,
  formatDate,
  type EditShareLinkBody,
  type ProjectShareLink,
} from '@rushes/shared';
import { fieldErrorsOf } from '../../../api/client.ts';
import { showApiError } from '../../../app/apiErrors.ts';
import { Form } from '../../../ui/Form.tsx';
import { toast } from '../../../ui/toast.ts';
import { useEditLink } from '../api.ts';

type Errors = { duration?: string; passcode?: string };

/**
 * Edit a link: its expiry as hours from now (1 to 120, spec 002 §5; empty keeps it), passcode on or
 * off (a new one follows spec 002 §5's rule; empty keeps the current one), download and watermark.
 * Only what changed is sent.
 */
export function EditLinkModal({
  link,
  canAllowDownload,
  onClose,
  onSaved,
}: {
  link: ProjectShareLink;
  canAllowDownload: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [hours, setHours] = useState('');
  const [protectedOn, setProtectedOn] = useState(link.passcode_protection);
  const [passcode, setPasscode] = useState('');
  const [download, setDownload] = useState(link.is_download_allowed);
  const [watermark, setWatermark] = useState(link.watermark);
  const [errors, setErrors] = useState<Errors>({});
  const save = useEditLink({
    meta: { silent: true },
    onSuccess: (d) => {
      toast.success(d.message);
      onSaved();
    },
    onError: (error) => {
      const fields = fieldErrorsOf(error);
      if (!fields) return showApiError(error);
      setErrors({ duration: fields.duration, passcode: fields.passcode });
    },
  });

  const submit = () => {
    const body: EditShareLinkBody = { share_link_db_id: link.share_link_db_id };
    if (hours.trim() !== '') body.duration = hours;
    if (protectedOn !== link.passcode_protection || passcode !== '') body.passcode_protection = protectedOn;
    if (protectedOn && passcode !== '') body.passcode = passcode;
    if (download !== link.is_download_allowed) body.is_download_allowed = download;
    if (watermark !== link.watermark) body.watermark = watermark;
    const parsed = editShareLinkBody.safeParse(body);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'duration') next.duration ??= issue.message;
        if (issue.path[0] === 'passcode') next.passcode ??= issue.message;
      }
      return setErrors(next);
    }
    setErrors({});
    save.mutate(body);
  };

  return (
    <Modal opened onClose={onClose} title={T.editTitle} centered>
      <Form aria-label={T.editTitle} onSubmit={submit}>
        <Text size="sm" fw={500}>
          {link.title}
        </Text>
        <TextInput
          label={T.expiresInLabel}
          description={`${T.keepExpiry} (${T.expires} ${formatDate(link.expires_on)})`}
          inputMode="numeric"
          value={hours}
          error={errors.duration}
          onChange={(e) => {
            setHours(e.currentTarget.value);
            setErrors((x) => ({ ...x, duration: undefined }));
          }}
        />
        <Stack gap={6}>
          <Checkbox
            label={T.passcodeProtection}
            checked={protectedOn}
            onChange={(e) => {
              setProtectedOn(e.currentTarget.checked);
              setErrors((x) => ({ ...x, passcode: undefined }));
            }}
          />
          <Checkbox
            label={T.allowDownload}
            checked={download}
            disabled={!canAllowDownload && !download}
            onChange={(e) => setDownload(e.currentTarget.checked)}
          />
          <Checkbox
            label={T.watermark}
            checked={watermark}
            onChange={(e) => setWatermark(e.currentTarget.checked)}
          />
        </Stack>
        {protectedOn && (
          <TextInput
            label={UI.passcodeLabel}
            description={link.passcode_protection ? `${UI.passcodeRule}. ${T.passcodeKeep}` : UI.passcodeRule}
            value={passcode}
            maxLength={SHARE_PASSCODE_MAX + 10}
            error={errors.passcode}
            autoComplete="off"
            onChange={(e) => {
              setPasscode(e.currentTarget.value);
              setErrors((x) => ({ ...x, passcode: undefined }));
            }}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {T.cancel}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {T.save}
          </Button>
        </Group>
      </Form>
    </Modal>
  );
}
