import { and, desc, eq } from 'drizzle-orm';
import { MSG } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { projectMembers, projects } from '../../db/schema/index.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { notFound } from '../../platform/http/errors.ts';
import { stringField, type Policy } from '../../platform/policies.ts';
import { holdsProjectCodeSql, loadProjectAccess, type ProjectAccess } from './projects.policy.ts';

/**
 * The project named by the Project ID the page shows (what people copy into the uploader), for a
 * member. An unknown code and a project the caller is not in answer the same 404: codes are short,
 * so a different answer would let anyone probe which codes exist.
 */
export const canViewProjectByCode: Policy<ProjectAccess> = {
  reads: 'project_id',
  check: (ctx) => async (req) => {
    const code = stringField(req, 'project_id').trim().toUpperCase();
    const [row] = await ctx.db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.projectCode, code))
      .limit(1);
    const access = row ? await loadProjectAccess(ctx.db, userIdOf(req), row.id) : null;
    if (!access) throw notFound(MSG.projectNotFound);
    return access;
  },
};

/** The caller's projects for the uploader's picker, newest membership first, with the upload right. */
export async function myProjects(db: DbOrTx, userId: string, teamId?: string) {
  const rows = await db
    .select({
      project_db_id: projects.id,
      project_id: projects.projectCode,
      title: projects.title,
      can_upload: holdsProjectCodeSql(userId, projects.id, 'can_upload_assets'),
    })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    // an API token's call sees its team's projects only
    .where(and(eq(projectMembers.userId, userId), teamId ? eq(projects.teamId, teamId) : undefined))
    .orderBy(desc(projectMembers.createdAt))
    .limit(500);
  return { projects: rows.map((r) => ({ ...r, can_upload: Boolean(r.can_upload) })) };
}

declare module '../../platform/policies.ts' {
  interface PolicyAccess {
    'projects.canViewProjectByCode': ProjectAccess;
  }
}
