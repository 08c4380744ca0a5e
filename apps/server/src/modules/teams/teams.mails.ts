import { APP_NAME } from '@rushes/shared';
import type { MailMessage } from '../../platform/mail/mailer.ts';

export const INVITE_TTL_DAYS = 14;

/** The invitation mail: a sign-up link carrying the code and the address, and a login link for existing users. */
export const teamMails = {
  invite: (input: {
    to: string;
    baseUrl: string;
    token: string;
    teamName: string;
    inviterName: string;
  }): MailMessage => {
    const code = encodeURIComponent(input.token);
    return {
      to: input.to,
      subject: `You are invited to join ${input.teamName} on ${APP_NAME}`,
      text:
        `${input.inviterName} invited you to join the team "${input.teamName}" on ${APP_NAME}.\n\n` +
        `Create your account to join:\n${input.baseUrl}/signup?inviteCode=${code}&email=${encodeURIComponent(input.to)}\n\n` +
        `Already have a ${APP_NAME} account with this email address? Log in to join:\n${input.baseUrl}/login?inviteCode=${code}\n\n` +
        `The invitation works once and expires in ${INVITE_TTL_DAYS} days. If you did not expect it, ignore this email.`,
    };
  },
};
