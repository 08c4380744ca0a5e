import { APP_NAME, OTP_TTL_SECONDS } from '@rushes/shared';
import type { MailMessage } from '../../platform/mail/mailer.ts';

/** Why a 6-digit code was sent: finishing a login, or changing two-factor for the account or a team. */
export type CodePurpose = 'login' | 'enable' | 'disable' | 'team';

/**
 * The verification-code e-mail (login two-factor and the two-factor toggles). It lives with the
 * account, which both the auth module (login) and the account settings send it for.
 */
export function codeMail(to: string, code: string, purpose: CodePurpose): MailMessage {
  const why = {
    login: 'to finish logging in',
    enable: 'to turn on two-factor authentication',
    disable: 'to turn off two-factor authentication',
    team: 'to change two-factor authentication for your team',
  }[purpose];
  return {
    to,
    subject: `${APP_NAME} verification code: ${code}`,
    text: `Your verification code ${why} is:\n\n${code}\n\nIt expires in ${OTP_TTL_SECONDS / 60} minutes. Never share it with anyone.`,
  };
}
