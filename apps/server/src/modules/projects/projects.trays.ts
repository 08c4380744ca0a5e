import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { TrayName, TrayQuery } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { projectMembers, projects } from '../../db/schema/index.ts';
import { afterPageNo } from '../../db/pageNo.ts';
import { prepared } from '../../db/prepared.ts';
import { escapeLike } from '../../db/search.ts';

/** A tray's filters: whose, which role (and team), and the title search. */
interface TrayShape {
  kind: 'mine' | 'mine_in_team' | 'shared';
  search: boolean;
}
type TrayValues = Record<'userId' | 'teamId' | 'pattern' | 'at' | 'id' | 'n', unknown>;
/** Each value of a statement: the value itself, or its placeholder to prepare the statement. */
type Arg = (k: keyof TrayValues) => unknown;

function trayFilters(arg: Arg, shape: TrayShape): SQL[] {
  const filters: SQL[] = [sql`${projectMembers.userId} = ${arg('userId')}`];
  if (shape.kind === 'shared') {
    // written as the partial index project_members_shared_tray_idx states it, so it serves the tray
    filters.push(sql`${projectMembers.role} in ('admin', 'collaborator')`);
  } else {
    filters.push(eq(projectMembers.role, 'creator'));
    if (shape.kind === 'mine_in_team') filters.push(sql`${projects.teamId} = ${arg('teamId')}`);
  }
  if (shape.search) filters.push(sql`${projects.title} ilike ${arg('pattern')}`);
  return filters;
}

const countSelect = (db: DbOrTx, arg: Arg, shape: TrayShape) =>
  db
    .select({ n: count() })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(and(...trayFilters(arg, shape)));

const pageSelect = (db: DbOrTx, arg: Arg, shape: TrayShape, bound: SQL | undefined) =>
  db
    .select({
      projectId: projectMembers.projectId,
      at: sql<string>`${projectMembers.createdAt}::text`,
    })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(and(...trayFilters(arg, shape), bound))
    .orderBy(desc(projectMembers.createdAt), desc(projectMembers.projectId))
    .limit(arg('n') as number);

const afterCursor = (arg: Arg) =>
  sql`(${projectMembers.createdAt}, ${projectMembers.projectId}) < (${arg('at')}::timestamptz, ${arg('id')}::uuid)`;

/**
 * A home tray's total and page (one row more than the page, to tell there is a next), newest
 * membership first by keyset on (membership created_at, project id). The count, the first page and
 * a page after a cursor are prepared statements, one per tray shape; a deep page_no (its bound is a
 * subquery, db/pageNo.ts) is built per request.
 */
export async function trayRows(
  db: DbOrTx,
  userId: string,
  q: TrayQuery & { tray_name: TrayName },
  cursor: [at: string, projectId: string] | null,
) {
  const shape: TrayShape = {
    kind: q.tray_name !== 'my_projects' ? 'shared' : q.team_db_id ? 'mine_in_team' : 'mine',
    search: Boolean(q.search),
  };
  const values: TrayValues = {
    userId,
    teamId: q.team_db_id,
    pattern: q.search ? `%${escapeLike(q.search)}%` : undefined,
    at: cursor?.[0],
    id: cursor?.[1],
    n: q.entries_per_page + 1,
  };
  const name = `project_tray_${shape.kind}${shape.search ? '_search' : ''}`;
  const placeholder: Arg = (k) => sql.placeholder(k);
  const value: Arg = (k) => values[k];
  const [{ n: total }] = await prepared(
    db,
    `${name}_count`,
    (d) => countSelect(d, placeholder, shape),
    values,
  );
  // Without a cursor, the spec's page_no (keyset underneath).
  const deep = cursor
    ? undefined
    : afterPageNo({
        keys: [sql`${projectMembers.createdAt}`, sql`${projectMembers.projectId}`],
        order: 'desc',
        from: sql`${projectMembers} inner join ${projects} on ${eq(projects.id, projectMembers.projectId)}`,
        where: and(...trayFilters(value, shape)),
        pageNo: q.page_no,
        perPage: q.entries_per_page,
      });
  const rows = deep
    ? await pageSelect(db, value, shape, deep)
    : await prepared(
        db,
        `${name}_page${cursor ? '_after' : ''}`,
        (d) => pageSelect(d, placeholder, shape, cursor ? afterCursor(placeholder) : undefined),
        values,
      );
  return { total, rows };
}
