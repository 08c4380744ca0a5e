import { Alert, Button, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { changePasswordBody, UI } from '@rushes/shared';
import { ApiError, isSessionLost, upgradeDataOf } from '../../api/client.ts';
import { showApiError } from '../../app/apiErrors.ts';
import { PATHS } from '../../app/paths.ts';
import { Form } from '../../ui/Form.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { toast } from '../../ui/toast.ts';
import { useZodForm } from '../../ui/useZodForm.ts';
import { useChangePassword } from './api.ts';

/**
 * Change Password (spec 002 §3, §4): errors show inline — field errors on their fields, the
 * server's errormessage above the button, cleared when the user types. Success logs out.
 */
export function ChangePasswordForm() {
  const navigate = useNavigate();
  const form = useZodForm(changePasswordBody, {
    existing_password: '',
    new_password: '',
    confirm_new_password: '',
  });

  const change = useChangePassword({
    meta: { silent: true },
    onSuccess: (data) => {
      toast.success(data.message);
      navigate(PATHS.logout);
    },
    onError: (error) => {
      if (form.applyServerErrors(error)) return;
      if (error instanceof ApiError && !isSessionLost(error) && !upgradeDataOf(error)) {
        form.setFormError(error.message);
      } else {
        showApiError(error);
      }
    },
  });

  return (
    <Form
      gap="sm"
      aria-label={UI.changePassword}
      onSubmit={() => {
        const body = form.validate();
        if (body) change.mutate(body);
      }}
    >
      <Title order={2} size="h5">
        {UI.changePassword}
      </Title>
      <PasswordField label={UI.existingPassword} {...form.field('existing_password')} />
      <PasswordField
        label={UI.newPassword}
        description={UI.passwordTrimHint}
        autoComplete="new-password"
        {...form.field('new_password')}
      />
      <PasswordField
        label={UI.confirmNewPassword}
        autoComplete="new-password"
        {...form.field('confirm_new_password')}
      />
      {form.formError && (
        <Alert color="red" role="alert">
          {form.formError}
        </Alert>
      )}
      <Button type="submit" loading={change.isPending} style={{ alignSelf: 'flex-start' }}>
        {UI.changePassword}
      </Button>
    </Form>
  );
}
