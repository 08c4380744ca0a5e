import { Alert, Button, Group, TextInput } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PUBLIC_UI } from '@rushes/shared';
import { showApiError } from '../../app/apiErrors.ts';
import { PATHS, returnPath } from '../../app/paths.ts';
import { clearQueryCache } from '../../app/queryCache.ts';
import { AuthCard } from '../../ui/AuthCard.tsx';
import { Form } from '../../ui/Form.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { RouterAnchor } from '../../ui/RouterLinks.tsx';
import { useZodForm } from '../../ui/useZodForm.ts';
import { useInviteParams } from './useInviteParams.ts';
import { useLogin } from './api.ts';

const loadLoginBody = () => import('./schemas.ts').then((m) => m.loginBody);
/** Below the form, loaded after it: the login page's first load has a budget (decision 0030). */
const PasskeySignIn = lazy(() => import('./PasskeySignIn.tsx').then((m) => ({ default: m.PasskeySignIn })));

export default function LoginPage() {
  const navigate = useNavigate();
  const next = returnPath(useLocation().search);
  const invite = useInviteParams();
  const form = useZodForm(loadLoginBody, { email: invite.email, password: '' });

  const signedIn = () => {
    clearQueryCache();
    navigate(next ?? PATHS.home, { replace: true });
  };

  const login = useLogin({
    onSuccess: (data) => {
      if (data.two_factor_required) {
        navigate(next ? `${PATHS.twoFactor}?${new URLSearchParams({ next })}` : PATHS.twoFactor);
        return;
      }
      signedIn();
    },
    onError: (error) => {
      if (!form.applyServerErrors(error)) showApiError(error);
    },
  });

  return (
    <AuthCard title={PUBLIC_UI.loginTitle}>
      <Form
        gap="md"
        onSubmit={() => {
          void form
            .validateAsync({ invite_code: invite.inviteCode })
            .then((body) => body && login.mutate(body));
        }}
      >
        <TextInput
          label={PUBLIC_UI.email}
          type="email"
          autoComplete="email"
          autoFocus
          {...form.field('email')}
        />
        <PasswordField
          label={PUBLIC_UI.password}
          description={PUBLIC_UI.passwordTrimHint}
          {...form.field('password')}
        />
        {form.formError && (
          <Alert color="red" role="alert">
            {form.formError}
          </Alert>
        )}
        <Button type="submit" loading={login.isPending} fullWidth>
          {PUBLIC_UI.logIn}
        </Button>
        <Suspense fallback={null}>
          <PasskeySignIn inviteCode={invite.inviteCode} onSignedIn={signedIn} />
        </Suspense>
        <Group justify="space-between" gap="xs">
          <RouterAnchor to={`${PATHS.signup}${invite.search}`} size="sm">
            {PUBLIC_UI.signUp}
          </RouterAnchor>
          <RouterAnchor to={PATHS.forgotPassword} size="sm">
            {PUBLIC_UI.forgotPassword}
          </RouterAnchor>
          <RouterAnchor to={PATHS.outbox} size="sm">
            {PUBLIC_UI.mailOutbox}
          </RouterAnchor>
        </Group>
      </Form>
    </AuthCard>
  );
}
