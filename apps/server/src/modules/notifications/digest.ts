import { and, count, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { APP_NAME, formatDate, formatTime } from '@rushes/shared';
import { notificationState, notifications, teams, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import type { MailMessage } from '../../platform/mail/mailer.ts';
import { nextClockHour } from '../../platform/jobs/hourly.ts';

declare module '../../platform/jobs/queue.ts' {
  interface JobDefinitions {
    'notifications.digest': Record<string, never>;
  }
}

/** A user gets at most one digest per this many hours. */
export const DIGEST_INTERVAL_HOURS = 24;
/** Entries listed in one mail (the rest are counted). */
export const DIGEST_MAX_ITEMS = 20;
/** Users mailed per run; the next hourly run takes the rest. */
const DIGEST_BATCH = 200;

interface DigestItem {
  title: string;
  message: string;
  createdAt: Date;
  /** the team (or personal account) it is listed under in the app */
  teamName: string;
}

/** Items grouped under their team's name, in first-seen (newest) order: no team's entries mix. */
function linesByTeam(items: DigestItem[]): string[] {
  const groups = new Map<string, DigestItem[]>();
  for (const n of items) groups.set(n.teamName, [...(groups.get(n.teamName) ?? []), n]);
  const out: string[] = [];
  for (const [teamName, group] of groups) {
    if (out.length) out.push('');
    out.push(`${teamName}:`);
    for (const n of group)
      out.push(`- ${n.title}: ${n.message} (${formatDate(n.createdAt)} ${formatTime(n.createdAt)} UTC)`);
  }
  return out;
}

export function digestMail(input: {
  to: string;
  firstName: string;
  baseUrl: string;
  items: DigestItem[];
  total: number;
}): MailMessage {
  const lines = linesByTeam(input.items);
  const more = input.total - input.items.length;
  return {
    to: input.to,
    subject: `You have ${input.total} unseen ${input.total === 1 ? 'notification' : 'notifications'} on ${APP_NAME}`,
    text:
      `Hi ${input.firstName},\n\nHere is what happened since your last digest:\n\n${lines.join('\n')}\n` +
      (more > 0 ? `…and ${more} more.\n` : '') +
      `\nOpen ${APP_NAME} to read them: ${input.baseUrl}/\n\n` +
      `You get this mail because the e-mail digest is on. Turn it off in the notification panel.`,
  };
}

/**
 * The optional e-mail digest (decided, docs/decisions/0007-project-chat-and-notifications.md): users who turned it on and have unseen
 * notifications newer than their last digest get one mail listing them, at most once per
 * DIGEST_INTERVAL_HOURS, grouped under the name of the team each is listed under. Each user is claimed with a conditional update in the mailing transaction,
 * so two nodes running the job at once never mail twice. Answers how many mails were written.
 */
export async function sendDigests(ctx: AppContext, now = new Date()): Promise<number> {
  const { db } = ctx;
  const dueBefore = new Date(now.getTime() - DIGEST_INTERVAL_HOURS * 3_600_000);
  const newerThanLast = sql`${notifications.createdAt} > coalesce(${notificationState.digestSentAt}, 'epoch'::timestamptz)`;
  const due = await db
    .select({
      userId: notificationState.userId,
      sentAt: notificationState.digestSentAt,
      email: users.email,
      firstName: users.firstName,
    })
    .from(notificationState)
    .innerJoin(users, eq(users.id, notificationState.userId))
    .where(
      and(
        eq(notificationState.emailDigest, true),
        or(isNull(notificationState.digestSentAt), lt(notificationState.digestSentAt, dueBefore)),
        sql`exists (select 1 from ${notifications} where ${notifications.userId} = ${notificationState.userId} and ${notifications.hasSeen} = false and ${newerThanLast})`,
      ),
    )
    .limit(DIGEST_BATCH);

  let mailed = 0;
  for (const user of due) {
    const sent = await db.transaction(async (tx) => {
      const claimed = await tx
        .update(notificationState)
        .set({ digestSentAt: now })
        .where(
          and(
            eq(notificationState.userId, user.userId),
            user.sentAt
              ? eq(notificationState.digestSentAt, user.sentAt)
              : isNull(notificationState.digestSentAt),
          ),
        )
        .returning({ userId: notificationState.userId });
      if (claimed.length === 0) return false;
      const unseen = and(
        eq(notifications.userId, user.userId),
        eq(notifications.hasSeen, false),
        gt(notifications.createdAt, user.sentAt ?? new Date(0)),
      );
      const items = await tx
        .select({
          title: notifications.title,
          message: notifications.message,
          createdAt: notifications.createdAt,
          teamName: teams.name,
        })
        .from(notifications)
        .innerJoin(teams, eq(teams.id, notifications.teamId))
        .where(unseen)
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(DIGEST_MAX_ITEMS);
      const [{ total }] = await tx.select({ total: count() }).from(notifications).where(unseen);
      await ctx.mailer.send(
        tx,
        digestMail({
          to: user.email,
          firstName: user.firstName,
          baseUrl: ctx.config.publicUrl,
          items,
          total,
        }),
      );
      return true;
    });
    if (sent) mailed++;
  }
  if (mailed) ctx.jobs.wake();
  return mailed;
}

/** One digest run per clock hour across the cluster: the hour is the singleton key. */
export function scheduleDigest(ctx: AppContext, from = Date.now()) {
  return ctx.jobs.enqueue(ctx.db, 'notifications.digest', {}, nextClockHour('notifications.digest', from));
}

/** The 'notifications.digest' handler (declared by the notifications manifest). */
export function digestJob(ctx: AppContext) {
  return async () => {
    await sendDigests(ctx);
    await scheduleDigest(ctx);
  };
}
