import { randomInt } from 'node:crypto';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import {
  DEFAULT_PROJECT_PERMISSIONS,
  MSG,
  UI,
  HOME_TRAY_PAGE_SIZE,
  type TrayName,
  projectPermissionIds,
  type CreateProjectBody,
  type RenameProjectBody,
  type ProjectInfo,
  type ProjectRole,
  type TrayPage,
  type TrayQuery,
} from '@rushes/shared';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { projectMemberPermissions, projectMembers, projects } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { decodeCursor, encodeCursor } from '../../platform/http/cursor.ts';
import { AppError, badRequest, forbidden } from '../../platform/http/errors.ts';
import { findPlan, upgradeData } from '../plans/index.ts';
import { type TeamAccess, lockTeam } from '../teams/index.ts';
import './projects.events.ts';
import { runProjectCleanups } from './projectCleanup.ts';
import { cardsFor, memberIdsOf } from './projects.cards.ts';
import { trayRows } from './projects.trays.ts';
import type { ProjectAccess } from './projects.policy.ts';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** The human Project ID, e.g. 'PR7QK2HX9A'. */
export const newProjectCode = () =>
  'PR' + Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/** Team members holding can_create_projects create projects (owners hold every code). */
export const canCreateProjects = (a: TeamAccess) => a.isMember && a.codes.includes('can_create_projects');

/** The refusal of the team plan's project_limit: 403 with data.upgrade_required (DESIGN §4). */
export function projectLimitReached(): AppError {
  return new AppError(MSG.upgradeProjectLimit, {
    status: 403,
    errorcode: 403,
    data: { upgrade_required: upgradeData(MSG.upgradeProjectLimit) },
  });
}

/** Adds a member with the permission ids given (default: the role's defaults). */
export async function insertProjectMember(
  db: DbOrTx,
  projectId: string,
  userId: string,
  role: ProjectRole,
  permissionIds: number[] = projectPermissionIds(DEFAULT_PROJECT_PERMISSIONS[role]),
) {
  await db.insert(projectMembers).values({ projectId, userId, role }).onConflictDoNothing();
  await setMemberPermissionIds(db, projectId, userId, permissionIds);
}

export async function setMemberPermissionIds(db: DbOrTx, projectId: string, userId: string, ids: number[]) {
  await db
    .delete(projectMemberPermissions)
    .where(
      and(eq(projectMemberPermissions.projectId, projectId), eq(projectMemberPermissions.userId, userId)),
    );
  if (ids.length === 0) return;
  await db
    .insert(projectMemberPermissions)
    .values(ids.map((permissionId) => ({ projectId, userId, permissionId })))
    .onConflictDoNothing();
}

/**
 * Sets the role badge of these members of a project (null clears it): the approvals module marks the
 * reviewers it admits. In the caller's transaction, the rows only: the caller emits project.changed.
 */
export async function setMemberBadge(db: DbOrTx, projectId: string, userIds: string[], badge: string | null) {
  if (userIds.length === 0) return;
  await db
    .update(projectMembers)
    .set({ badge })
    .where(and(eq(projectMembers.projectId, projectId), inArray(projectMembers.userId, userIds)));
}

/** Locks a project row: serialises counter updates and member changes of one project. */
export async function lockProject(tx: Tx, projectId: string) {
  const [row] = await tx.select().from(projects).where(eq(projects.id, projectId)).for('update');
  return row ?? null;
}

/** The team a project belongs to (null: its team was deleted, or no such project). */
export async function teamOfProject(db: DbOrTx, projectId: string): Promise<string | null> {
  const [row] = await db.select({ teamId: projects.teamId }).from(projects).where(eq(projects.id, projectId));
  return row?.teamId ?? null;
}

/** Applies deltas to storage_used and total_assets (never below zero). */
export async function adjustProjectTotals(tx: Tx, projectId: string, bytes: number, assetCount: number) {
  if (bytes === 0 && assetCount === 0) return;
  await tx
    .update(projects)
    .set({
      storageUsed: sql`greatest(0, ${projects.storageUsed} + ${bytes})`,
      totalAssets: sql`greatest(0, ${projects.totalAssets} + ${assetCount})`,
      updatedAt: new Date(),
    })
    .where(eq(projects.id, projectId));
}

// Project info's live totals (the policy's row may be a cached one).
const projectById = (db: DbOrTx) =>
  db
    .select()
    .from(projects)
    .where(eq(projects.id, sql.placeholder('id')));

export function createProjectsService(ctx: AppContext) {
  const { db, events } = ctx;

  return {
    /**
     * Create within a team, within the plan's project_limit. Who may (a member holding
     * can_create_projects) is the route's policy, checked before the handler.
     */
    async create(userId: string, body: CreateProjectBody) {
      const projectId = await events.transaction(db, async (tx, emit) => {
        // The team row lock serialises creations, so two requests cannot both take the last slot.
        const team = await lockTeam(tx, body.team_db_id);
        if (!team) throw badRequest(MSG.noTeamAccess);
        const plan = await findPlan(tx, team.planCode);
        if (plan.projectLimit !== null) {
          const [{ n }] = await tx.select({ n: count() }).from(projects).where(eq(projects.teamId, team.id));
          if (n + 1 > plan.projectLimit) throw projectLimitReached();
        }
        const [project] = await tx
          .insert(projects)
          .values({ projectCode: newProjectCode(), teamId: team.id, title: body.title, createdBy: userId })
          .returning();
        await insertProjectMember(tx, project.id, userId, 'creator');
        emit('project.created', { projectId: project.id });
        return project.id;
      });
      const card = (await cardsFor(ctx, userId, [projectId])).get(projectId)!;
      return { message: MSG.projectCreated, project_db_id: projectId, project: card };
    },

    async info(access: ProjectAccess): Promise<ProjectInfo> {
      // The policy's row may come from the node's cache (accessCache.ts): the totals are read live.
      const [p] = await prepared(db, 'project_by_id', projectById, { id: access.project.id });
      if (!p) throw forbidden(MSG.noProjectAccess);
      return {
        project_db_id: p.id,
        project_id: p.projectCode,
        team_db_id: p.teamId,
        title: p.title,
        storage_used: Number(p.storageUsed),
        total_assets: p.totalAssets,
        created_on: new Date(p.createdAt).toISOString(),
        role: access.role,
        permissions: access.codes,
      };
    },

    /** Manage Project: can_manage_project holders rename; every member's card and open page follow. */
    async rename(body: RenameProjectBody) {
      await events.transaction(db, async (tx, emit) => {
        await tx
          .update(projects)
          .set({ title: body.title, updatedAt: new Date() })
          .where(eq(projects.id, body.project_db_id));
        emit('project.changed', {
          projectId: body.project_db_id,
          addedUserIds: [],
          removedUserIds: [],
          members: false,
        });
      });
      return { message: MSG.projectUpdated, title: body.title };
    },

    /** The creator deletes; the assets' blobs are removed by a job enqueued in the same transaction. */
    async remove({ project }: ProjectAccess) {
      const projectId = project.id;
      await events.transaction(db, async (tx, emit) => {
        if (!(await lockProject(tx, projectId))) return;
        const userIds = await memberIdsOf(tx, projectId);
        await runProjectCleanups(ctx, tx, projectId);
        await tx.delete(projects).where(eq(projects.id, projectId));
        emit('project.deleted', { projectId, userIds });
      });
      ctx.jobs.wake();
      return { message: MSG.projectDeleted };
    },

    /**
     * A home tray page (spec 002 §3, §7), newest membership first, paged by keyset on
     * (membership created_at, project id): projects added meanwhile never shift later pages.
     */
    async tray(userId: string, q: TrayQuery & { tray_name: TrayName }): Promise<TrayPage> {
      const { total, rows } = await trayRows(ctx, userId, q, decodeCursor(q.cursor));
      const page = rows.slice(0, q.entries_per_page);
      const last = page.at(-1);
      return {
        field: q.tray_name,
        data: page.map((r) => r.card),
        total_entries: total,
        next_cursor:
          rows.length > q.entries_per_page && last ? encodeCursor([last.at, last.projectId]) : null,
      };
    },

    trayStructure: () => ({
      trays: [
        {
          field: 'shared_assets' as const,
          title: UI.traySharedAssets,
          entries_per_page: HOME_TRAY_PAGE_SIZE,
        },
        { field: 'my_projects' as const, title: UI.trayMyProjects, entries_per_page: 10 },
        { field: 'collaborated_projects' as const, title: UI.trayCollaboratedProjects, entries_per_page: 10 },
      ],
    }),
  };
}
