import { and, asc, eq, gte, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cloudCapacity, cloudQueue, cloudSessions } from '../../db/schema/index.ts';

/** The states in which a session holds a machine. */
export const ACTIVE_STATES = ['machine_booting', 'machine_started', 'machine_shutting_down'] as const;

/** Locks the hardware's capacity row for the rest of the transaction; answers its capacity. */
export async function lockCapacity(tx: DbOrTx, hardwareSlug: string): Promise<number> {
  const [row] = await tx
    .select({ capacity: cloudCapacity.capacity })
    .from(cloudCapacity)
    .where(eq(cloudCapacity.hardwareSlug, hardwareSlug))
    .for('update');
  return row?.capacity ?? 0;
}

export async function readCapacity(db: DbOrTx, hardwareSlug: string): Promise<number> {
  const [row] = await db
    .select({ capacity: cloudCapacity.capacity })
    .from(cloudCapacity)
    .where(eq(cloudCapacity.hardwareSlug, hardwareSlug));
  return row?.capacity ?? 0;
}

/** Machines of this hardware in use, plus those held for a queued user (not `exceptUserId`). */
export async function heldMachines(db: DbOrTx, hardwareSlug: string, exceptUserId?: string) {
  const [active] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(cloudSessions)
    .where(and(eq(cloudSessions.hardwareSlug, hardwareSlug), inArray(cloudSessions.status, ACTIVE_STATES)));
  const [offered] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(cloudQueue)
    .where(
      and(
        eq(cloudQueue.hardwareSlug, hardwareSlug),
        eq(cloudQueue.status, 'offered'),
        ...(exceptUserId ? [ne(cloudQueue.userId, exceptUserId)] : []),
      ),
    );
  return (active?.n ?? 0) + (offered?.n ?? 0);
}

export async function activeSessionOf(db: DbOrTx, userId: string) {
  const [row] = await db
    .select()
    .from(cloudSessions)
    .where(and(eq(cloudSessions.userId, userId), inArray(cloudSessions.status, ACTIVE_STATES)))
    .limit(1);
  return row ?? null;
}

export async function countTeamActive(db: DbOrTx, teamId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(cloudSessions)
    .where(and(eq(cloudSessions.teamId, teamId), inArray(cloudSessions.status, ACTIVE_STATES)));
  return row?.n ?? 0;
}

/** Minutes booked this calendar month (UTC) by the team, failed sessions excluded. */
export async function teamMinutesThisMonth(db: DbOrTx, teamId: string) {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${cloudSessions.durationMinutes}), 0)::int` })
    .from(cloudSessions)
    .where(
      and(
        eq(cloudSessions.teamId, teamId),
        notInArray(cloudSessions.status, ['failed']),
        gte(cloudSessions.createdAt, sql`date_trunc('month', now() at time zone 'utc') at time zone 'utc'`),
      ),
    );
  return row?.n ?? 0;
}

export async function openQueueEntryOf(db: DbOrTx, userId: string) {
  const [row] = await db
    .select()
    .from(cloudQueue)
    .where(and(eq(cloudQueue.userId, userId), inArray(cloudQueue.status, ['waiting', 'offered'])))
    .limit(1);
  return row ?? null;
}

/** 1-based place in the line of its hardware (an offered entry is first). */
export async function queuePosition(db: DbOrTx, entry: typeof cloudQueue.$inferSelect) {
  if (entry.status === 'offered') return 1;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(cloudQueue)
    .where(
      and(
        eq(cloudQueue.hardwareSlug, entry.hardwareSlug),
        inArray(cloudQueue.status, ['waiting', 'offered']),
        sql`${cloudQueue.createdAt} < (select q.created_at from cloud_queue q where q.id = ${entry.id})`,
      ),
    );
  return (row?.n ?? 0) + 1;
}

export async function firstWaiting(db: DbOrTx, hardwareSlug: string) {
  const [row] = await db
    .select()
    .from(cloudQueue)
    .where(and(eq(cloudQueue.hardwareSlug, hardwareSlug), eq(cloudQueue.status, 'waiting')))
    .orderBy(asc(cloudQueue.createdAt), asc(cloudQueue.id))
    .limit(1);
  return row ?? null;
}
