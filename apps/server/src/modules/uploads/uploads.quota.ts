import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { MSG } from '@rushes/shared';
import type { Tx } from '../../db/client.ts';
import { projects, teams, uploadSessions } from '../../db/schema/index.ts';
import { AppError } from '../../platform/http/errors.ts';
import { findPlan, storageQuotaBytes, upgradeData } from '../plans/index.ts';

/**
 * The plan's storage quota, checked when an upload starts (spec 002 §7; DESIGN §4 upgrade_required).
 * Used = the team's projects' storage_used + what its unfinished uploads have reserved, so many
 * parallel starts cannot together pass the limit. Runs in the start transaction after locking the
 * team row, which serialises the starts of one team.
 */
export async function assertStorageRoom(tx: Tx, projectId: string, adding: number) {
  const [project] = await tx
    .select({ teamId: projects.teamId })
    .from(projects)
    .where(eq(projects.id, projectId))
    .limit(1);
  if (!project) return;
  const [team] = await tx
    .select({ planCode: teams.planCode })
    .from(teams)
    .where(eq(teams.id, project.teamId))
    .for('update');
  if (!team) return;
  const plan = await findPlan(tx, team.planCode);
  const teamProjects = tx
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.teamId, project.teamId));
  const [stored] = await tx
    .select({ bytes: sql<string>`coalesce(sum(${projects.storageUsed}), 0)` })
    .from(projects)
    .where(eq(projects.teamId, project.teamId));
  const [reserved] = await tx
    .select({ bytes: sql<string>`coalesce(sum(${uploadSessions.sizeBytes}), 0)` })
    .from(uploadSessions)
    .where(and(inArray(uploadSessions.projectId, teamProjects), ne(uploadSessions.status, 'completed')));
  const used = Number(stored.bytes) + Number(reserved.bytes);
  if (used + adding > (await storageQuotaBytes(tx, project.teamId, plan))) {
    throw new AppError(MSG.upgradeStorageLimit, {
      status: 403,
      errorcode: 403,
      data: { upgrade_required: upgradeData(MSG.upgradeStorageLimit) },
    });
  }
}
