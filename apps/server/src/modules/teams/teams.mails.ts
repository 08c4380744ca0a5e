import { APP_NAME } from '@rushes/shared';
import { inviteMailLinks } from '../../platform/invites/invites.ts';
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
    return {
      to: input.to,
      subject: `You are invited to join ${input.teamName} on ${APP_NAME}`,
      text:
        `${input.inviterName} invited you to join the team "${input.teamName}" on ${APP_NAME}.\n\n` +
        inviteMailLinks({ ...input, ttlDays: INVITE_TTL_DAYS }),
    };
  },
};
