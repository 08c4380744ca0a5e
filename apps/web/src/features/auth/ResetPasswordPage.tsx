import { Alert, Button } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { PUBLIC_MSG, resetPasswordBody, PUBLIC_UI } from '@rushes/shared';
import { showApiError } from '../../app/apiErrors.ts';
import { PATHS } from '../../app/paths.ts';
import { AuthCard } from '../../ui/AuthCard.tsx';
import { Form } from '../../ui/Form.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { RouterAnchor } from '../../ui/RouterLinks.tsx';
import { toast } from '../../ui/toast.ts';
import { useZodForm } from '../../ui/useZodForm.ts';
import { useResetPassword } from './api.ts';

/** /reset-password?token=…: the link of the forgot-password mail. */
export default function ResetPasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useZodForm(resetPasswordBody, { new_password: '', confirm_new_password: '' });

  const reset = useResetPassword({
    onSuccess: (data) => {
      toast.success(data.message);
      navigate(PATHS.login, { replace: true });
    },
    onError: (error) => {
      if (!form.applyServerErrors(error)) showApiError(error);
    },
  });

  return (
    <AuthCard title={PUBLIC_UI.resetTitle}>
      {token ? (
        <Form
          gap="md"
          onSubmit={() => {
            const body = form.validate({ token });
            if (body) reset.mutate(body);
          }}
        >
          <PasswordField
            label={PUBLIC_UI.newPassword}
            description={PUBLIC_UI.passwordTrimHint}
            autoComplete="new-password"
            autoFocus
            {...form.field('new_password')}
          />
          <PasswordField
            label={PUBLIC_UI.confirmNewPassword}
            autoComplete="new-password"
            {...form.field('confirm_new_password')}
          />
          {form.formError && (
            <Alert color="red" role="alert">
              {form.formError}
            </Alert>
          )}
          <Button type="submit" loading={reset.isPending} fullWidth>
            {PUBLIC_UI.resetPassword}
          </Button>
        </Form>
      ) : (
        <Alert color="red">{PUBLIC_MSG.invalidLink}</Alert>
      )}
      <RouterAnchor to={PATHS.login} size="sm">
        {PUBLIC_UI.backToLogin}
      </RouterAnchor>
    </AuthCard>
  );
}
