import { APP_NAME } from '@rushes/shared';
import type { MailMessage } from '../../platform/mail/mailer.ts';

/** The texts of the account e-mails. Links point at the web routes that finish each flow. */
export const authMails = {
  verify: (to: string, baseUrl: string, token: string): MailMessage => ({
    to,
    subject: `Verify your ${APP_NAME} account`,
    text: `Welcome to ${APP_NAME}.\n\nConfirm your email address to finish signing up:\n${baseUrl}/verify?token=${token}\n\nThe link works once and expires in 24 hours.`,
  }),
  alreadyRegistered: (to: string, baseUrl: string): MailMessage => ({
    to,
    subject: `Your ${APP_NAME} account`,
    text: `Someone tried to sign up with this email address, which already has a ${APP_NAME} account.\n\nLog in: ${baseUrl}/login\nForgot your password? ${baseUrl}/forgot-password\n\nIf this was not you, you can ignore this email.`,
  }),
  reset: (to: string, baseUrl: string, token: string): MailMessage => ({
    to,
    subject: `Reset your ${APP_NAME} password`,
    text: `Use this link to choose a new password:\n${baseUrl}/reset-password?token=${token}\n\nThe link works once and expires in 1 hour. If you did not ask for it, ignore this email.`,
  }),
};
