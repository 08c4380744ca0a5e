import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { MSG, type BrowseAnswer, type BrowseQuery } from '@rushes/shared';
import { assets, projectMembers, projects } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { authorizeProject, canWriteAssets, holdsProjectCodeSql } from '../projects/index.ts';
import { ancestorsOf, folderIn } from './assets.sql.ts';

/** At most this many entries per browse answer. */
const BROWSE_LIMIT = 500;

/** The destination picker of the copy/move modal (spec 000 §2, §7). */
export function createBrowseService(ctx: AppContext) {
  const { db } = ctx;

  return {
    async browse(userId: string, q: BrowseQuery): Promise<BrowseAnswer> {
      if (q.destination === 'project') {
        // Projects the caller may write into, filtered in SQL by the same rule as canWriteAssets.
        const rows = await db
          .select({ id: projects.id, title: projects.title, teamId: projects.teamId })
          .from(projects)
          .innerJoin(
            projectMembers,
            and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, userId)),
          )
          .where(holdsProjectCodeSql(userId, projects.id, 'can_upload_assets'))
          .orderBy(asc(sql`lower(${projects.title})`), asc(projects.id))
          .limit(BROWSE_LIMIT);
        return {
          projects: rows.map((r) => ({ project_db_id: r.id, title: r.title, team_db_id: r.teamId })),
          folders: [],
          breadcrumbs: [],
        };
      }
      if (!q.project_db_id) throw badRequest(MSG.required, { errors: { project_db_id: MSG.required } });
      await authorizeProject(db, userId, q.project_db_id, canWriteAssets);
      const folderId = q.folder_db_id ?? null;
      if (folderId) await folderIn(db, q.project_db_id, folderId);
      // Written out: drizzle renders a column of the selected table unqualified, which the subquery would capture.
      const hasChildren = sql<boolean>`exists (select 1 from assets c where c.parent_id = "assets"."id" and c.is_folder)`;
      const rows = await db
        .select({ id: assets.id, title: assets.title, path: assets.folderPath, hasChildren })
        .from(assets)
        .where(
          and(
            eq(assets.projectId, q.project_db_id),
            folderId ? eq(assets.parentId, folderId) : isNull(assets.parentId),
            eq(assets.isFolder, true),
          ),
        )
        .orderBy(asc(sql`lower(${assets.title})`), asc(assets.id))
        .limit(BROWSE_LIMIT);
      const moving = new Set(q.action === 'move' ? q.source_folder_db_ids : []);
      return {
        projects: [],
        folders: rows.map((r) => ({
          ingest_db_id: r.id,
          title: r.title,
          folder_path: r.path,
          has_children: Boolean(r.hasChildren),
          is_disabled: moving.has(r.id),
        })),
        breadcrumbs: await ancestorsOf(db, folderId),
      };
    },
  };
}
