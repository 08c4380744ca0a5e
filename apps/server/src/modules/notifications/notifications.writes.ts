import { and, eq, gt, sql } from 'drizzle-orm';
import type { NotificationType } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';

/**
 * The notifications module's row writes that other modules call besides `notify` (the table's owner
 * writes it). Each runs in the caller's transaction and does only the rows: events stay with the caller.
 */

/**
 * The recipient's newest unseen notification of this type about this asset written in the last
 * `withinMinutes`, if any: the comments batch into it instead of writing another.
 */
export async function findUnseenAssetNotification(
  tx: DbOrTx,
  input: { userId: string; assetId: string; type: NotificationType; withinMinutes: number },
): Promise<{ id: string; createdAt: Date } | null> {
  const [row] = await tx
    .select({ id: notifications.id, createdAt: notifications.createdAt })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, input.userId),
        eq(notifications.assetId, input.assetId),
        eq(notifications.notificationType, input.type),
        eq(notifications.hasSeen, false),
        gt(notifications.createdAt, sql`now() - make_interval(mins => ${input.withinMinutes})`),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Rewrites a notification's message (a batched one counting what came in since it was written). */
export async function setNotificationMessage(tx: DbOrTx, id: string, message: string) {
  await tx.update(notifications).set({ message }).where(eq(notifications.id, id));
}

/** Removes the notifications that point at a task, before the task row goes. */
export async function removeTaskNotifications(tx: DbOrTx, taskId: string) {
  await tx.delete(notifications).where(eq(notifications.taskId, taskId));
}
