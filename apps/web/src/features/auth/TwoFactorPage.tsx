import { Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { API, UI } from '@rushes/shared';
import { api } from '../../api/client.ts';
import { PATHS } from '../../app/paths.ts';
import { AuthCard } from '../../ui/AuthCard.tsx';
import { OtpEntry } from '../../ui/OtpEntry.tsx';
import { RouterAnchor } from '../../ui/RouterLinks.tsx';

/** /2fa: the e-mailed code after a login answered two_factor_required. */
export default function TwoFactorPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const submit = async (otp: string) => {
    await api.post<{ message: string }>(API.auth.loginOtp, { otp });
    queryClient.clear();
    navigate(PATHS.home, { replace: true });
  };

  const resend = async () => (await api.post<{ message: string }>(API.auth.loginOtpResend, {})).message;

  return (
    <AuthCard title={UI.twoFactorTitle}>
      <Text size="sm" c="dimmed">
        {UI.twoFactorHint}
      </Text>
      <OtpEntry submitLabel={UI.verify} onSubmit={submit} onResend={resend} />
      <RouterAnchor to={PATHS.login} size="sm">
        {UI.backToLogin}
      </RouterAnchor>
    </AuthCard>
  );
}
