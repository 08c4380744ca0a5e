import { displayName } from '@rushes/shared';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { NotificationItem, NotificationList, NotificationType } from '@rushes/shared';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { afterPageNo } from '../../db/pageNo.ts';
import {
  notificationState,
  notificationTeamState,
  notifications,
  projects,
  teamMembers,
  teams,
  users,
} from '../../db/schema/index.ts';
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
  /** The team it belongs to; found from projectId when not given (one of the two is needed). */
  teamId?: string | null;
  projectId?: string | null;
  taskId?: string | null;
  assetId?: string | null;
  /** null: someone without an account (a guest on a review link) */
  actorUserId: string | null;
}

/** The team a notification is about: given, or its project's. */
async function teamOf(tx: Tx, input: NotifyInput): Promise<string> {
  if (input.teamId) return input.teamId;
  if (input.projectId) {
    const [row] = await tx
      .select({ teamId: projects.teamId })
      .from(projects)
      .where(eq(projects.id, input.projectId));
    if (row) return row.teamId;
  }
  throw new Error(`notify(${input.type}): the notification needs its team (teamId or projectId)`);
}

/**
 * Where each recipient finds it: under the team it is about when they are a member of it,
 * else under their personal account ('My Account': a collaborator invited from outside the team
 * cannot select that team). Answers recipient ids grouped by the team they are listed under.
 */
async function placeRecipients(tx: Tx, teamId: string, userIds: string[]): Promise<Map<string, string[]>> {
  const members = new Set(
    (
      await tx
        .select({ userId: teamMembers.userId })
        .from(teamMembers)
        .where(and(eq(teamMembers.teamId, teamId), inArray(teamMembers.userId, userIds)))
    ).map((r) => r.userId),
  );
  const outside = userIds.filter((id) => !members.has(id));
  const personal = new Map(
    outside.length
      ? (
          await tx
            .select({ id: teams.id, ownerId: teams.ownerId })
            .from(teams)
            .where(and(eq(teams.isPersonal, true), inArray(teams.ownerId, outside)))
            .orderBy(teams.createdAt)
        )
          .reverse()
          .map((r) => [r.ownerId, r.id] as const)
      : [],
  );
  const byTeam = new Map<string, string[]>();
  for (const userId of userIds) {
    const listedUnder = members.has(userId) ? teamId : (personal.get(userId) ?? teamId);
    byTeam.set(listedUnder, [...(byTeam.get(listedUnder) ?? []), userId]);
  }
  return byTeam;
}

/**
 * The one way to notify (spec 002 §3): stores a notification per user under a team (the actor
 * never notifies themself, duplicates count once), raises their has_new_notification flag for that
 * team, and emits notifications.created so they hear it live after the commit. Call it inside the
 * feature's transaction, with that transaction's emit. Answers the notified user ids.
 */
export async function notify(tx: Tx, emit: Emit, input: NotifyInput): Promise<string[]> {
  const userIds = [...new Set(input.userIds)].filter((id) => id !== input.actorUserId);
  if (userIds.length === 0) return [];
  const placed = await placeRecipients(tx, await teamOf(tx, input), userIds);
  for (const [teamId, ids] of placed) {
    await tx.insert(notifications).values(
      ids.map((userId) => ({
        userId,
        teamId,
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
      .insert(notificationTeamState)
      .values(ids.map((userId) => ({ userId, teamId, hasNewNotification: true })))
      .onConflictDoUpdate({
        target: [notificationTeamState.userId, notificationTeamState.teamId],
        set: { hasNewNotification: true },
      });
    emit('notifications.created', { userIds: ids, teamId });
  }
  return userIds;
}

/** The dot of one team for one user. */
export async function hasNewNotification(db: DbOrTx, userId: string, teamId: string): Promise<boolean> {
  const [row] = await db
    .select({ flag: notificationTeamState.hasNewNotification })
    .from(notificationTeamState)
    .where(and(eq(notificationTeamState.userId, userId), eq(notificationTeamState.teamId, teamId)));
  return row?.flag ?? false;
}

export function createNotificationsService(ctx: AppContext) {
  const { db, events } = ctx;
  return {
    /**
     * The caller's notifications of the selected team (team_db_id, spec 002 §7), newest first:
     * 25 per page, show_notification, and that team's has_new_notification. Members only: the
     * route's policy (notifications.authorizeNotificationTeam) checked it before the handler.
     */
    async list(
      userId: string,
      q: { entries_per_page: number; page_no: number; team_db_id: string },
    ): Promise<NotificationList> {
      const teamId = q.team_db_id;
      const mine = and(eq(notifications.userId, userId), eq(notifications.teamId, teamId));
      const rows = await db
        .select({
          n: notifications,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(notifications)
        .leftJoin(users, eq(users.id, notifications.actorUserId))
        .where(
          and(
            mine,
            afterPageNo({
              keys: [sql`${notifications.createdAt}`, sql`${notifications.id}`],
              order: 'desc',
              from: sql`${notifications}`,
              where: mine,
              pageNo: q.page_no,
              perPage: q.entries_per_page,
            }),
          ),
        )
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(q.entries_per_page);
      const [{ total }] = await db.select({ total: count() }).from(notifications).where(mine);
      const item = (r: (typeof rows)[number]): NotificationItem => ({
        id: r.n.id,
        title: r.n.title,
        message: r.n.message,
        user_name: displayName(r.firstName, r.lastName),
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
        has_new_notification: await hasNewNotification(db, userId, teamId),
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

    /**
     * Opening the list of the selected team: clears that team's has_new_notification; the given
     * notifications (the caller's, of that team) become seen.
     */
    async seen(userId: string, teamId: string, notificationIds: string[]) {
      await events.transaction(db, async (tx, emit) => {
        await tx
          .insert(notificationTeamState)
          .values({ userId, teamId, hasNewNotification: false })
          .onConflictDoUpdate({
            target: [notificationTeamState.userId, notificationTeamState.teamId],
            set: { hasNewNotification: false },
          });
        if (notificationIds.length) {
          await tx
            .update(notifications)
            .set({ hasSeen: true })
            .where(
              and(
                eq(notifications.userId, userId),
                eq(notifications.teamId, teamId),
                inArray(notifications.id, notificationIds),
              ),
            );
        }
        emit('notifications.seen', { userId, teamId });
      });
      return { has_new_notification: false };
    },
  };
}
