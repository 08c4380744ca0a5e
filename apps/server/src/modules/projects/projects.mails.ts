import { APP_NAME } from '@rushes/shared';
import { inviteMailLinks } from '../../platform/invites/invites.ts';
import type { MailMessage } from '../../platform/mail/mailer.ts';

export const PROJECT_INVITE_TTL_DAYS = 14;

/**
 * The project invitation: the same sign-up and login links as a team invitation (?inviteCode=), so
 * signing up or logging in through it joins the project; the code's prefix tells the two apart.
 */
export const projectMails = {
  invite: (input: {
    to: string;
    baseUrl: string;
    token: string;
    projectTitle: string;
    inviterName: string;
    role: string;
  }): MailMessage => {
    return {
      to: input.to,
      subject: `You are invited to the project ${input.projectTitle} on ${APP_NAME}`,
      text:
        `${input.inviterName} invited you to the project "${input.projectTitle}" on ${APP_NAME} as ${input.role === 'admin' ? 'an admin' : 'a collaborator'}.\n\n` +
        inviteMailLinks({ ...input, ttlDays: PROJECT_INVITE_TTL_DAYS }),
    };
  },
};
