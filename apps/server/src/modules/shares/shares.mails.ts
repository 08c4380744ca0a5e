import { APP_NAME } from '@rushes/shared';
import type { MailMessage } from '../../platform/mail/mailer.ts';

/** The mail a recipient gets: who shared what, until when, and the review link. */
export const shareMails = {
  shared: (input: {
    to: string;
    sharerName: string;
    assetTitle: string;
    url: string;
    hours: number;
    passcode: boolean;
    invited: boolean;
  }): MailMessage => ({
    to: input.to,
    subject: `${input.sharerName} shared ${input.assetTitle} with you on ${APP_NAME}`,
    text:
      `${input.sharerName} shared "${input.assetTitle}" with you on ${APP_NAME}.\n\n` +
      `Open it here: ${input.url}\n\n` +
      `The link works for ${input.hours} hours.` +
      (input.passcode ? ' It is protected by a passcode: ask the sender for it.' : '') +
      (input.invited ? `\n\nSign up to ${APP_NAME} with this address to find it in your Shared Assets.` : ''),
  }),
};
