import { Text } from '@mantine/core';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PUBLIC_UI } from '@rushes/shared';
import { PATHS, returnPath } from '../../app/paths.ts';
import { clearQueryCache } from '../../app/queryCache.ts';
import { AuthCard } from '../../ui/AuthCard.tsx';
import { OtpEntry } from '../../ui/OtpEntry.tsx';
import { RouterAnchor } from '../../ui/RouterLinks.tsx';
import { resendLoginCode, sendLoginCode } from './api.ts';
import {
  OtherFactorForm,
  SecondFactorChoices,
  useSecondFactors,
  type SecondFactor,
} from './OtherSecondFactors.tsx';

/**
 * /2fa: the e-mailed code after a login answered two_factor_required; a user who set up a passkey,
 * an authenticator app or recovery codes may use one of those instead.
 */
export default function TwoFactorPage() {
  const navigate = useNavigate();
  const next = returnPath(useLocation().search);
  const available = useSecondFactors();
  const [method, setMethod] = useState<SecondFactor>('email');

  const done = () => {
    clearQueryCache();
    navigate(next ?? PATHS.home, { replace: true });
  };

  const submit = async (otp: string) => {
    await sendLoginCode(otp);
    done();
  };

  const resend = resendLoginCode;

  return (
    <AuthCard title={PUBLIC_UI.twoFactorTitle}>
      {method === 'email' ? (
        <>
          <Text size="sm" c="dimmed">
            {PUBLIC_UI.twoFactorHint}
          </Text>
          <OtpEntry submitLabel={PUBLIC_UI.verify} onSubmit={submit} onResend={resend} />
        </>
      ) : (
        <OtherFactorForm key={method} method={method} onDone={done} />
      )}
      <SecondFactorChoices available={available} current={method} onChoose={setMethod} />
      <RouterAnchor to={PATHS.login} size="sm">
        {PUBLIC_UI.backToLogin}
      </RouterAnchor>
    </AuthCard>
  );
}
