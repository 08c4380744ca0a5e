import { eq } from 'drizzle-orm';
import { DEFAULT_PLAN_CODE, MSG, type CurrentPlan, type UpgradeData } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { plans } from '../../db/schema/index.ts';
import { AppError } from '../../platform/http/errors.ts';

export type PlanRow = typeof plans.$inferSelect;

/** Where the upgrade notice sends the user (spec 002 §2). */
export const UPGRADE_LINK = '/subscription?sidebar=upgrade-plan';
/**
 * The upgrade notice's illustration: a static file of the web app (apps/web/public), outside its
 * bundle. The error handler answers it as an absolute URL on the address the request came to.
 */
export const UPGRADE_IMAGE_PATH = '/upgrade-plan.svg';

/** A plan of the catalogue (the `plans` table); unknown codes fall back to the default plan. */
export async function findPlan(db: DbOrTx, code: string): Promise<PlanRow> {
  const [row] = await db.select().from(plans).where(eq(plans.code, code)).limit(1);
  if (row) return row;
  const [fallback] = await db.select().from(plans).where(eq(plans.code, DEFAULT_PLAN_CODE)).limit(1);
  if (!fallback) throw new Error('the plan catalogue is empty');
  return fallback;
}

export async function listPlans(db: DbOrTx): Promise<PlanRow[]> {
  return db.select().from(plans);
}

/** Every limit the spec names (002 §3 currentPlan); storage is counted in bytes (see storage.ts). */
export type LimitKind = 'teams' | 'collaborators' | 'projects' | 'concurrent' | 'machineHours';

const limitOf = (plan: PlanRow, kind: LimitKind): number | null =>
  ({
    teams: plan.teamLimit,
    collaborators: plan.collaboratorsLimit,
    projects: plan.projectLimit,
    concurrent: plan.concurrentSystems,
    machineHours: plan.machineHourLimit,
  })[kind];

/** The upgrade data (spec 002 §3) the web shows in its upgrade modal instead of an error toast. */
export function upgradeData(message: string): UpgradeData {
  return {
    image_url: UPGRADE_IMAGE_PATH,
    title: MSG.upgradeTitle,
    message,
    sub_title: MSG.upgradeSubTitle,
    button_text: MSG.upgradeButton,
    website_link: UPGRADE_LINK,
  };
}

const LIMIT_MESSAGES: Record<LimitKind | 'storage', string> = {
  teams: MSG.upgradeTeamLimit,
  collaborators: MSG.upgradeCollaboratorLimit,
  projects: MSG.upgradeProjectLimit,
  concurrent: MSG.upgradeConcurrentLimit,
  machineHours: MSG.upgradeMachineHourLimit,
  storage: MSG.upgradeStorageLimit,
};

/** The refusal of a plan limit: HTTP 403 with `data.upgrade_required` (DESIGN §4). */
export function upgradeRequired(kind: LimitKind | 'storage'): AppError {
  const message = LIMIT_MESSAGES[kind];
  return new AppError(message, {
    status: 403,
    errorcode: 403,
    data: { upgrade_required: upgradeData(message) },
  });
}

/**
 * Refuses when `used + adding` would pass the plan's limit (null = unlimited). Callers count `used`
 * inside the transaction that inserts, after locking the row that serialises those inserts.
 */
export function assertWithinLimit(plan: PlanRow, kind: LimitKind, used: number, adding: number) {
  const limit = limitOf(plan, kind);
  if (adding <= 0 || limit === null) return;
  if (used + adding > limit) throw upgradeRequired(kind);
}

/** true while `used` is below the limit (used before showing a create form). */
export function hasRoom(plan: PlanRow, kind: LimitKind, used: number) {
  const limit = limitOf(plan, kind);
  return limit === null || used < limit;
}

const flag = (v: number | null) => (v === null ? false : v);

/** The currentPlan answer (spec 002 §3): limits as numbers, `false` when unlimited (spec 002 §9). */
export function presentCurrentPlan(
  teamPlan: PlanRow,
  accountPlan: PlanRow,
  usage: {
    teams: number;
    collaborators: number;
    projects?: number;
    machineHours?: number;
    storageAddedGb?: number;
  },
): CurrentPlan {
  return {
    title: teamPlan.title,
    is_team_plan: teamPlan.isTeamPlan,
    project_limit: flag(teamPlan.projectLimit),
    projects: usage.projects ?? 0,
    no_of_concurrent_systems: flag(teamPlan.concurrentSystems),
    team_limit: flag(accountPlan.teamLimit),
    no_of_teams: usage.teams,
    collaborators_limit: flag(teamPlan.collaboratorsLimit),
    no_of_collaborators: usage.collaborators,
    machine_hour_limit: flag(teamPlan.machineHourLimit),
    machines_hours: usage.machineHours ?? 0,
    storage: teamPlan.storageGb + (usage.storageAddedGb ?? 0),
  };
}
