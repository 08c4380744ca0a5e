import { APP_NAME } from '@rushes/shared';
import type { MailMessage } from '../../platform/mail/mailer.ts';

/**
 * Mails of tasks and requests to people who already have an account (invitations of new people
 * go through the project invitation mail, whose link makes them members).
 */
export const taskMails = {
  assigned: (input: {
    to: string;
    baseUrl: string;
    projectId: string;
    taskId: string;
    projectTitle: string;
    assignerName: string;
    taskType: string;
  }): MailMessage => ({
    to: input.to,
    subject: `${input.assignerName} assigned you a task on ${APP_NAME}`,
    text:
      `${input.assignerName} assigned you a ${input.taskType} task in the project "${input.projectTitle}".\n\n` +
      `Open it:\n${input.baseUrl}/project/${input.projectId}?task=${input.taskId}`,
  }),
  requested: (input: {
    to: string;
    baseUrl: string;
    projectId: string;
    projectTitle: string;
    creatorName: string;
    kind: 'approval' | 'review';
    assetTitle: string;
  }): MailMessage => ({
    to: input.to,
    subject: `${input.creatorName} asked for your ${input.kind} on ${APP_NAME}`,
    text:
      `${input.creatorName} asked for your ${input.kind} of "${input.assetTitle}" in the project "${input.projectTitle}".\n\n` +
      `Open the project:\n${input.baseUrl}/project/${input.projectId}`,
  }),
};
