import { z } from 'zod';
import { NOTIFICATIONS_PAGE_SIZE } from '../rules/constants.ts';
import { uuid } from './fields.ts';

/** Notifications (spec 002 §3 Notification, §7). */

/** Types so far; later features (tasks, approvals, shares, invites) add theirs here. */
export const NOTIFICATION_TYPES = [
  'chat_mention',
  'task_assigned',
  'task_completed',
  'task_transfer',
  'task_deleted',
  'approval_request',
  'review_request',
  'project_invite',
  'team_invite',
  'asset_shared',
  'asset_comment',
  'cloud_session',
  'live_collaboration',
  'transfer',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * The list is the user's own under the selected team (team_db_id, required: a notification of
 * another team is never shown under this one); project_db_id is accepted as the spec sends it.
 */
export const notificationsQuery = z.object({
  entries_per_page: z.coerce.number().int().min(1).max(100).default(NOTIFICATIONS_PAGE_SIZE),
  page_no: z.coerce.number().int().min(1).default(1),
  team_db_id: uuid(),
  project_db_id: uuid().optional(),
});
export type NotificationsQuery = z.infer<typeof notificationsQuery>;

/** Opening the team's list clears its has_new_notification; notification_ids (optional) become has_seen. */
export const notificationsSeenBody = z.object({
  team_db_id: uuid(),
  notification_ids: z.array(uuid()).max(100).default([]),
});

export const notificationItem = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  /** the actor's name */
  user_name: z.string(),
  created_on: z.string(),
  project_id: z.string().nullable(),
  task_id: z.string().nullable(),
  asset_id: z.string().nullable(),
  asset_url: z.string().nullable(),
  has_seen: z.boolean(),
  image_url: z.string().nullable(),
  notification_type: z.string(),
  chat_title: z.string().nullable(),
  task_assigned_to: z.string().nullable(),
  c2e_session_db_id: z.string().nullable(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

export const notificationList = z.object({
  show_notification: z.boolean(),
  notifications: z.array(notificationItem),
  total_entries: z.number(),
  has_new_notification: z.boolean(),
});
export type NotificationList = z.infer<typeof notificationList>;

export const notificationsSeen = z.object({ has_new_notification: z.boolean() });

/** The e-mail digest setting (decided, docs/decisions/0007-project-chat-and-notifications.md): unseen notifications mailed at most daily. */
export const notificationSettings = z.object({ email_digest: z.boolean() });
export type NotificationSettings = z.infer<typeof notificationSettings>;
