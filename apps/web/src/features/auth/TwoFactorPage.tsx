import { Text } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { PUBLIC_UI } from '@rushes/shared';
import { PATHS, returnPath } from '../../app/paths.ts';
import { clearQueryCache } from '../../app/queryCache.ts';
import { AuthCard } from '../../ui/AuthCard.tsx';
import { OtpEntry } from '../../ui/OtpEntry.tsx';
import { RouterAnchor } from '../../ui/RouterLinks.tsx';
import { resendLoginCode, sendLoginCode } from './api.ts';

/** /2fa: the e-mailed code after a login answered two_factor_required. */
export default function TwoFactorPage() {
  const navigate = useNavigate();
  const next = returnPath(useLocation().search);

  const submit = async (otp: string) => {
    await sendLoginCode(otp);
    clearQueryCache();
    navigate(next ?? PATHS.home, { replace: true });
  };

  const resend = resendLoginCode;

  return (
    <AuthCard title={PUBLIC_UI.twoFactorTitle}>
      <Text size="sm" c="dimmed">
        {PUBLIC_UI.twoFactorHint}
      </Text>
      <OtpEntry submitLabel={PUBLIC_UI.verify} onSubmit={submit} onResend={resend} />
      <RouterAnchor to={PATHS.login} size="sm">
        {PUBLIC_UI.backToLogin}
      </RouterAnchor>
    </AuthCard>
  );
}
