import { Alert, Button, Group, TextInput } from '@mantine/core';
import { signupBody, PUBLIC_UI } from '@rushes/shared';
import { showApiError } from '../../app/apiErrors.ts';
import { PATHS } from '../../app/paths.ts';
import { AuthCard } from '../../ui/AuthCard.tsx';
import { Form } from '../../ui/Form.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { RouterAnchor } from '../../ui/RouterLinks.tsx';
import { useZodForm } from '../../ui/useZodForm.ts';
import { useInviteParams } from './useInviteParams.ts';
import { useSignup } from './api.ts';

export default function SignupPage() {
  const invite = useInviteParams();
  const form = useZodForm(signupBody, { first_name: '', last_name: '', email: invite.email, password: '' });

  const signup = useSignup({
    onError: (error) => {
      if (!form.applyServerErrors(error)) showApiError(error);
    },
  });

  if (signup.data) {
    return (
      <AuthCard title={PUBLIC_UI.signupTitle}>
        <Alert color="green" role="status">
          {signup.data.message}
        </Alert>
        <RouterAnchor to={`${PATHS.login}?${new URLSearchParams({ email: form.values.email })}`}>
          {PUBLIC_UI.logIn}
        </RouterAnchor>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={PUBLIC_UI.signupTitle}>
      <Form
        gap="md"
        onSubmit={() => {
          const body = form.validate({ invite_code: invite.inviteCode });
          if (body) signup.mutate(body);
        }}
      >
        <Group grow align="flex-start">
          <TextInput
            label={PUBLIC_UI.firstName}
            autoComplete="given-name"
            autoFocus
            {...form.field('first_name')}
          />
          <TextInput label={PUBLIC_UI.lastName} autoComplete="family-name" {...form.field('last_name')} />
        </Group>
        <TextInput label={PUBLIC_UI.email} type="email" autoComplete="email" {...form.field('email')} />
        <PasswordField
          label={PUBLIC_UI.password}
          description={PUBLIC_UI.passwordTrimHint}
          autoComplete="new-password"
          {...form.field('password')}
        />
        {form.formError && (
          <Alert color="red" role="alert">
            {form.formError}
          </Alert>
        )}
        <Button type="submit" loading={signup.isPending} fullWidth>
          {PUBLIC_UI.signUp}
        </Button>
        <RouterAnchor to={`${PATHS.login}${invite.search}`} size="sm">
          {PUBLIC_UI.logIn}
        </RouterAnchor>
      </Form>
    </AuthCard>
  );
}
