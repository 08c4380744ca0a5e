import { eq, sql } from 'drizzle-orm';
import { MSG, type ProjectBrief, type UpdateBriefBody, displayName } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { projectBriefs, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { canManageProject, type ProjectAccess } from '../projects/index.ts';
import './brief.events.ts';

async function present(db: DbOrTx, access: ProjectAccess): Promise<ProjectBrief> {
  const [row] = await db
    .select({ b: projectBriefs, firstName: users.firstName, lastName: users.lastName })
    .from(projectBriefs)
    .leftJoin(users, eq(users.id, projectBriefs.updatedBy))
    .where(eq(projectBriefs.projectId, access.project.id));
  return {
    project_db_id: access.project.id,
    title: access.project.title,
    brief: row?.b.brief ?? '',
    updated_by:
      row?.b.updatedBy && row.firstName !== null
        ? { user_id: row.b.updatedBy, name: displayName(row.firstName, row.lastName) }
        : null,
    updated_on: row ? row.b.updatedAt.toISOString() : null,
    can_edit: canManageProject(access),
  };
}

/**
 * The project brief (spec 000 §2, §5, §7). Who may: members read it; members holding
 * can_manage_project (creator and admins by default) write it (the routes' policies, checked before
 * the handler, hand over the project access). The text is plain text: the schema
 * refuses HTML tags ('No tags allowed') on the server as in the form, and the web renders it as text.
 */
export function createBriefService(ctx: AppContext) {
  const { db, events } = ctx;
  return {
    async get(access: ProjectAccess) {
      return present(db, access);
    },
    async update(access: ProjectAccess, body: UpdateBriefBody) {
      const { userId } = access;
      const brief = await events.transaction(db, async (tx, emit) => {
        await tx
          .insert(projectBriefs)
          .values({ projectId: access.project.id, brief: body.data.brief, updatedBy: userId })
          .onConflictDoUpdate({
            target: projectBriefs.projectId,
            set: { brief: body.data.brief, updatedBy: userId, updatedAt: sql`now()` },
          });
        emit('brief.changed', { projectId: access.project.id });
        return present(tx, access);
      });
      return { message: MSG.briefUpdated, brief };
    },
  };
}
