import { and, count, eq, gt, sql, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import {
  projects,
  subscriptionPurchases,
  teamMembers,
  teamSubscriptions,
  teams,
} from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { findPlan, type PlanRow } from './plans.service.ts';
import { cycleStart, machineHoursSince, subscriptionOf } from './plans.usage.ts';
import { writeTeamPlan } from './teamPlan.ts';

export type SubscriptionRow = typeof teamSubscriptions.$inferSelect;
export type PurchaseRow = typeof subscriptionPurchases.$inferSelect;
export type Purpose = 'plan_upgrade' | 'renewal' | 'storage';

/** How long an upgrade paid by a payment shows as in progress before we stop waiting (decided). */
export const UPGRADE_WAIT_MS = 15 * 60_000;

/** What a team uses against its plan's limits, from real rows (spec 002 §3 currentPlan). */
export async function teamUsage(db: DbOrTx, teamId: string) {
  const sub = await subscriptionOf(db, teamId);
  const [p] = await db
    .select({
      n: count(),
      bytes: sql<string>`coalesce(sum(${projects.storageUsed}), 0)`,
    })
    .from(projects)
    .where(eq(projects.teamId, teamId));
  return {
    projects: p?.n ?? 0,
    storageUsedBytes: Number(p?.bytes ?? 0),
    storageAddedGb: sub.storageAddedGb,
    machineHours: await machineHoursSince(db, teamId, cycleStart(sub.renewalDate)),
    subscription: sub,
  };
}

/**
 * Locks the team row (the lock of every limit check and purchase of one team), makes its
 * subscription row if missing, and answers the team's plan and subscription.
 */
export async function lockSubscription(tx: Tx, teamId: string) {
  const [team] = await tx
    .select({ id: teams.id, planCode: teams.planCode })
    .from(teams)
    .where(eq(teams.id, teamId))
    .for('update');
  if (!team) return null;
  await tx.insert(teamSubscriptions).values({ teamId }).onConflictDoNothing();
  const [sub] = await tx.select().from(teamSubscriptions).where(eq(teamSubscriptions.teamId, teamId));
  const plan: PlanRow = await findPlan(tx, team.planCode);
  return { plan, sub };
}

export const purchaseByKey = async (db: DbOrTx, key: string) =>
  (await db.select().from(subscriptionPurchases).where(eq(subscriptionPurchases.key, key)))[0] ?? null;

export const purchaseByPayment = async (db: DbOrTx, paymentId: string) =>
  (await db.select().from(subscriptionPurchases).where(eq(subscriptionPurchases.paymentId, paymentId)))[0] ??
  null;

export async function insertPurchase(tx: Tx, row: typeof subscriptionPurchases.$inferInsert) {
  const [made] = await tx.insert(subscriptionPurchases).values(row).returning();
  return made;
}

export async function setPurchasePayment(tx: Tx, key: string, paymentId: string) {
  await tx.update(subscriptionPurchases).set({ paymentId }).where(eq(subscriptionPurchases.key, key));
}

/** Marks an upgrade by payment as waiting (the user's waiting notice) until it is paid or given up. */
export async function markUpgradePending(tx: Tx, teamId: string, planCode: string, now = new Date()) {
  await tx
    .update(teamSubscriptions)
    .set({ pendingPlanCode: planCode, pendingUntil: new Date(now.getTime() + UPGRADE_WAIT_MS) })
    .where(eq(teamSubscriptions.teamId, teamId));
}

/** Gives up waiting for a payment (declined or failed). */
export async function clearUpgradePending(tx: DbOrTx, teamId: string) {
  await tx
    .update(teamSubscriptions)
    .set({ pendingPlanCode: null, pendingUntil: null })
    .where(eq(teamSubscriptions.teamId, teamId));
}

/**
 * Applies a purchase once, under the team lock: an upgrade sets the plan and its renewal date, a
 * renewal moves the renewal date, storage adds its GB. Answers false when it was already applied
 * (a retried request, a replayed payment event).
 */
export async function applyPurchase(
  ctx: Pick<AppContext, 'events'>,
  tx: Tx,
  key: string,
  /** When given, a purchase of another team is not applied (a payment names its own team). */
  teamId?: string,
): Promise<{ applied: boolean; purchase: PurchaseRow | null }> {
  const [purchase] = await tx
    .select()
    .from(subscriptionPurchases)
    .where(eq(subscriptionPurchases.key, key))
    .for('update');
  if (!purchase || (teamId && purchase.teamId !== teamId)) return { applied: false, purchase: null };
  if (purchase.status === 'applied') return { applied: false, purchase };
  const locked = await lockSubscription(tx, purchase.teamId);
  if (!locked) return { applied: false, purchase };
  const now = new Date();
  if (purchase.purpose === 'plan_upgrade' && purchase.planCode) {
    await writeTeamPlan(ctx, tx, purchase.teamId, purchase.planCode);
    await tx
      .update(teamSubscriptions)
      .set({ renewalDate: purchase.renewalDate, pendingPlanCode: null, pendingUntil: null, updatedAt: now })
      .where(eq(teamSubscriptions.teamId, purchase.teamId));
  } else if (purchase.purpose === 'renewal') {
    await tx
      .update(teamSubscriptions)
      .set({ renewalDate: purchase.renewalDate, updatedAt: now })
      .where(eq(teamSubscriptions.teamId, purchase.teamId));
  } else if (purchase.purpose === 'storage') {
    await tx
      .update(teamSubscriptions)
      .set({
        storageAddedGb: sql`${teamSubscriptions.storageAddedGb} + ${purchase.storageGb ?? 0}`,
        updatedAt: now,
      })
      .where(eq(teamSubscriptions.teamId, purchase.teamId));
  }
  await tx.update(subscriptionPurchases).set({ status: 'applied' }).where(eq(subscriptionPurchases.key, key));
  return { applied: true, purchase: { ...purchase, status: 'applied' } };
}

/**
 * The user's waiting notice (spec 000 §4, 002 §3 User): an upgrade of one of their teams is waiting
 * for its payment; waiting_time is the seconds we still wait for it.
 */
export async function upgradeInProgressFor(db: DbOrTx, userId: string, now = new Date()) {
  const rows = await db
    .select({ until: teamSubscriptions.pendingUntil })
    .from(teamSubscriptions)
    .innerJoin(teamMembers, eq(teamMembers.teamId, teamSubscriptions.teamId))
    .where(and(eq(teamMembers.userId, userId), gt(teamSubscriptions.pendingUntil, now)));
  return upgradeWaiting(
    rows.length,
    rows.map((r) => (r.until ? r.until.getTime() : 0)),
    now,
  );
}

function upgradeWaiting(pending: number, untils: number[], now: Date) {
  const latest = Math.max(0, ...untils);
  return {
    is_subscription_upgrade_in_progress: pending > 0,
    waiting_time: latest > 0 ? Math.ceil((latest - now.getTime()) / 1000) : 0,
  };
}

/**
 * The same reading as one JSON object (`{ n, latest }`), for a statement that reads it with something
 * else (check-login's session join); `now` is SQL for the request's instant.
 * `upgradeInProgressFromJson` answers what `upgradeInProgressFor` does.
 */
export const upgradeInProgressJsonSql = (userId: SQLWrapper, now: SQLWrapper) =>
  sql`(select json_build_object('n', count(*), 'latest', max(${teamSubscriptions.pendingUntil})) from ${teamSubscriptions} join ${teamMembers} on ${teamMembers.teamId} = ${teamSubscriptions.teamId} where ${teamMembers.userId} = ${userId} and ${teamSubscriptions.pendingUntil} > ${now})`;

export function upgradeInProgressFromJson(raw: unknown, now: Date) {
  const r = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { n: number; latest: string | null };
  return upgradeWaiting(Number(r.n), r.latest ? [new Date(r.latest).getTime()] : [], now);
}
