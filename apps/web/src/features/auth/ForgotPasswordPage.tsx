import { Alert, Button, TextInput } from '@mantine/core';
import { forgotPasswordBody, PUBLIC_UI } from '@rushes/shared';
import { showApiError } from '../../app/apiErrors.ts';
import { PATHS } from '../../app/paths.ts';
import { AuthCard } from '../../ui/AuthCard.tsx';
import { RouterAnchor } from '../../ui/RouterLinks.tsx';
import { Form } from '../../ui/Form.tsx';
import { useZodForm } from '../../ui/useZodForm.ts';
import { useForgotPassword } from './api.ts';

export default function ForgotPasswordPage() {
  const form = useZodForm(forgotPasswordBody, { email: '' });

  const send = useForgotPassword({
    onError: (error) => {
      if (!form.applyServerErrors(error)) showApiError(error);
    },
  });

  return (
    <AuthCard title={PUBLIC_UI.forgotTitle}>
      {send.data ? (
        <Alert color="green" role="status">
          {send.data.message}
        </Alert>
      ) : (
        <Form
          gap="md"
          onSubmit={() => {
            const body = form.validate();
            if (body) send.mutate(body);
          }}
        >
          <TextInput
            label={PUBLIC_UI.email}
            type="email"
            autoComplete="email"
            autoFocus
            {...form.field('email')}
          />
          <Button type="submit" loading={send.isPending} fullWidth>
            {PUBLIC_UI.sendResetLink}
          </Button>
        </Form>
      )}
      <RouterAnchor to={PATHS.login} size="sm">
        {PUBLIC_UI.backToLogin}
      </RouterAnchor>
    </AuthCard>
  );
}
