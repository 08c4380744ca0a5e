import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { NotificationItem, NotificationList, NotificationType } from '@rushes/shared';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { notificationState, notifications, users } from '../../db/schema/index.ts';
import type { DomainEvents, EventName } from '../../platform/events/bus.ts';
import type { AppContext } from '../../platform/context.ts';
import './notifications.events.ts';

/** The `emit` of EventBus.transaction. */
export type Emit = <K extends EventName>(name: K, payload: DomainEvents[K]) => void;

export interface NotifyInput {
  userIds: string[];
  type: NotificationType;
  title: string;
  message: string;
  projectId?: string | null;
  taskId?: string | null;
  assetId?: string | null;
  actorUserId: string;
}

/**
 * The one way to notify (spec 002 §3): stores a notification per user (the actor never notifies
 * themself, duplicates count once), raises their has_new_notification flag, and emits
 * notifications.created so they hear it live after the commit. Call it inside the feature's
 * transaction, with that transaction's emit. Answers the notified user ids.
 */
export async function notify(tx: Tx, emit: Emit, input: NotifyInput): Promise<string[]> {
  const userIds = [...new Set(input.userIds)].filter((id) => id !== input.actorUserId);
  if (userIds.length === 0) return [];
  await tx.insert(notifications).values(
    userIds.map((userId) => ({
      userId,
      title: input.title,
      message: input.message,
      notificationType: input.type,
      projectId: input.projectId ?? null,
      taskId: input.taskId ?? null,
      assetId: input.assetId ?? null,
      actorUserId: input.actorUserId,
    })),
  );
  await tx
    .insert(notificationState)
    .values(userIds.map((userId) => ({ userId, hasNewNotification: true })))
    .onConflictDoUpdate({ target: notificationState.userId, set: { hasNewNotification: true } });
  emit('notifications.created', { userIds });
  return userIds;
}

export async function hasNewNotification(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ flag: notificationState.hasNewNotification })
    .from(notificationState)
    .where(eq(notificationState.userId, userId));
  return row?.flag ?? false;
}

export function createNotificationsService(ctx: AppContext) {
  const { db, events } = ctx;
  return {
    /** The caller's notifications, newest first (spec 002 §7: 25 per page, show_notification). */
    async list(userId: string, q: { entries_per_page: number; page_no: number }): Promise<NotificationList> {
      const rows = await db
        .select({
          n: notifications,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(notifications)
        .leftJoin(users, eq(users.id, notifications.actorUserId))
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(q.entries_per_page)
        .offset((q.page_no - 1) * q.entries_per_page);
      const [{ total }] = await db
        .select({ total: count() })
        .from(notifications)
        .where(eq(notifications.userId, userId));
      const item = (r: (typeof rows)[number]): NotificationItem => ({
        id: r.n.id,
        title: r.n.title,
        message: r.n.message,
        user_name: `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim(),
        created_on: r.n.createdAt.toISOString(),
        project_id: r.n.projectId,
        task_id: r.n.taskId,
        asset_id: r.n.assetId,
        asset_url: null,
        has_seen: r.n.hasSeen,
        image_url: null,
        notification_type: r.n.notificationType,
        chat_title: null,
        task_assigned_to: null,
        c2e_session_db_id: null,
      });
      return {
        show_notification: true,
        notifications: rows.map(item),
        total_entries: total,
        has_new_notification: await hasNewNotification(db, userId),
      };
    },

    /** The caller's e-mail digest setting (off until they turn it on). */
    async settings(userId: string): Promise<{ email_digest: boolean }> {
      const [row] = await db
        .select({ on: notificationState.emailDigest })
        .from(notificationState)
        .where(eq(notificationState.userId, userId));
      return { email_digest: row?.on ?? false };
    },

    /** Turns the digest on or off; turning it on starts from now (older notifications are not mailed). */
    async updateSettings(userId: string, emailDigest: boolean): Promise<{ email_digest: boolean }> {
      const set = emailDigest ? { emailDigest, digestSentAt: new Date() } : { emailDigest };
      await db
        .insert(notificationState)
        .values({ userId, ...set })
        .onConflictDoUpdate({ target: notificationState.userId, set });
      return { email_digest: emailDigest };
    },

    /** Opening the list: clears has_new_notification; the given notifications (the caller's) become seen. */
    async seen(userId: string, notificationIds: string[]) {
      await events.transaction(db, async (tx, emit) => {
        await tx
          .insert(notificationState)
          .values({ userId, hasNewNotification: false })
          .onConflictDoUpdate({ target: notificationState.userId, set: { hasNewNotification: false } });
        if (notificationIds.length) {
          await tx
            .update(notifications)
            .set({ hasSeen: true })
            .where(and(eq(notifications.userId, userId), inArray(notifications.id, notificationIds)));
        }
        emit('notifications.seen', { userId });
      });
      return { has_new_notification: false };
    },
  };
}
