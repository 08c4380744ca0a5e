import { and, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { cloudUsageRecords, teamSubscriptions, teams } from '../../db/schema/index.ts';
import { findPlan, upgradeRequired, type PlanRow } from './plans.service.ts';

/** Plan storage is in GB of 1024³ bytes (docs/decisions/0021-credits-and-plans.md). */
export const GIB = 1024 ** 3;
const DAY_MS = 86_400_000;
/** The spec's month for prorating and cycles (002 §9). */
export const CYCLE_DAYS = 30;

/** One cloud session's usage, as the cloud module reports it (psc in rupees, to the paisa). */
export interface CloudUsageRow {
  teamId: string;
  projectId: string | null;
  taskId?: string | null;
  userId: string | null;
  hardware: string;
  startedAt: Date;
  endedAt?: Date | null;
  psc: number;
  /** The writer's id for the session: writing the same one again updates its row (end, PSC). */
  sourceId?: string;
}

/**
 * Records (or, by sourceId, updates) a cloud session's usage inside the caller's transaction. The
 * statistics page and the plan's machine hours read these rows.
 */
export async function recordCloudUsage(tx: DbOrTx, row: CloudUsageRow): Promise<void> {
  const values = {
    teamId: row.teamId,
    projectId: row.projectId,
    taskId: row.taskId ?? null,
    userId: row.userId,
    hardware: row.hardware,
    startedAt: row.startedAt,
    endedAt: row.endedAt ?? null,
    psc: row.psc.toFixed(2),
    sourceId: row.sourceId ?? null,
  };
  if (!row.sourceId) {
    await tx.insert(cloudUsageRecords).values(values);
    return;
  }
  await tx
    .insert(cloudUsageRecords)
    .values(values)
    .onConflictDoUpdate({
      target: cloudUsageRecords.sourceId,
      set: { endedAt: values.endedAt, psc: values.psc, hardware: values.hardware },
    });
}

/** The team's subscription row (or the defaults of a team that never bought anything). */
export async function subscriptionOf(db: DbOrTx, teamId: string) {
  const [row] = await db.select().from(teamSubscriptions).where(eq(teamSubscriptions.teamId, teamId));
  return (
    row ?? {
      teamId,
      renewalDate: null,
      storageAddedGb: 0,
      pendingPlanCode: null,
      pendingUntil: null,
      updatedAt: new Date(0),
    }
  );
}

/** Start of the current cycle: 30 days before the renewal date, else the 1st of this month (UTC). */
export function cycleStart(renewalDate: Date | null, now = new Date()): Date {
  if (renewalDate && renewalDate.getTime() > now.getTime()) {
    return new Date(renewalDate.getTime() - CYCLE_DAYS * DAY_MS);
  }
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** Machine hours the team's sessions used since `since` (running sessions count up to now). */
export async function machineHoursSince(db: DbOrTx, teamId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({
      seconds: sql<string>`coalesce(sum(extract(epoch from (coalesce(${cloudUsageRecords.endedAt}, now()) - ${cloudUsageRecords.startedAt}))), 0)`,
    })
    .from(cloudUsageRecords)
    .where(and(eq(cloudUsageRecords.teamId, teamId), gte(cloudUsageRecords.startedAt, since)));
  return Math.round((Number(row?.seconds ?? 0) / 3600) * 100) / 100;
}

/** The team's quota in bytes: the plan's storage plus the add-on storage bought. */
export async function storageQuotaBytes(db: DbOrTx, teamId: string, plan: PlanRow): Promise<number> {
  const sub = await subscriptionOf(db, teamId);
  return (plan.storageGb + sub.storageAddedGb) * GIB;
}

/** Locks the team row (the lock every limit check of one team takes) and answers its plan. */
export async function lockTeamPlan(tx: Tx, teamId: string): Promise<PlanRow | null> {
  const [team] = await tx
    .select({ planCode: teams.planCode })
    .from(teams)
    .where(eq(teams.id, teamId))
    .for('update');
  return team ? findPlan(tx, team.planCode) : null;
}

/**
 * The cloud-workstation limits (no_of_concurrent_systems, machine_hour_limit), for the cloud module
 * to call inside the transaction that books a system. The caller counts, after this call has locked
 * the team row (so two bookings of one team are serialised): `concurrent` = systems of the team that
 * would run at once including the new one; `hours` = machine hours of this cycle including the
 * booking (see machineHoursSince / cycleStart). Throws upgrade_required (403) past a limit; a null
 * limit is unlimited.
 */
export async function assertCloudLimits(
  tx: Tx,
  teamId: string,
  counts: { concurrent?: number; hours?: number },
): Promise<void> {
  const plan = await lockTeamPlan(tx, teamId);
  if (!plan) return;
  if (counts.concurrent !== undefined) {
    if (plan.concurrentSystems !== null && counts.concurrent > plan.concurrentSystems) {
      throw upgradeRequired('concurrent');
    }
  }
  if (counts.hours !== undefined) {
    if (plan.machineHourLimit !== null && counts.hours > plan.machineHourLimit) {
      throw upgradeRequired('machineHours');
    }
  }
}
