import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { TrayName, TrayQuery } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { projectMembers, projects, users } from '../../db/schema/index.ts';
import { afterPageNo } from '../../db/pageNo.ts';
import { prepared } from '../../db/prepared.ts';
import { escapeLike } from '../../db/search.ts';
import type { AppContext } from '../../platform/context.ts';
import { cardColumnsOf, creatorOfProject, toCard } from './projects.cards.ts';

type CardColumns = ReturnType<typeof cardColumnsOf>['columns'];

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

/** The tray's FROM, as the subqueries of the total and of a deep page_no's bound write it. */
const trayFrom = sql`${projectMembers} inner join ${projects} on ${eq(projects.id, projectMembers.projectId)}`;

const countSelect = (db: DbOrTx, arg: Arg, shape: TrayShape) =>
  db
    .select({ n: count() })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(and(...trayFilters(arg, shape)));

/**
 * The page with its cards (projects.cards.ts) and the tray's total, in one statement: the total is a
 * scalar subquery over the tray without the page's bound (inside it the table names bind to its own
 * FROM), run once for the statement; the card's subqueries run per row the limit lets through (read
 * in the index's order there is no sort, and above a sort PostgreSQL computes costly columns last).
 */
const pageSelect = (
  db: DbOrTx,
  arg: Arg,
  shape: TrayShape,
  bound: SQL | undefined,
  cardColumns: CardColumns,
) =>
  db
    .select({
      ...cardColumns,
      at: sql<string>`${projectMembers.createdAt}::text`,
      total: sql<number>`(select count(*) from ${trayFrom} where ${and(...trayFilters(arg, shape))})`.mapWith(
        Number,
      ),
    })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .innerJoin(users, creatorOfProject)
    .where(and(...trayFilters(arg, shape), bound))
    .orderBy(desc(projectMembers.createdAt), desc(projectMembers.projectId))
    .limit(arg('n') as number);

const afterCursor = (arg: Arg) =>
  sql`(${projectMembers.createdAt}, ${projectMembers.projectId}) < (${arg('at')}::timestamptz, ${arg('id')}::uuid)`;

/**
 * A home tray's total and page of cards (one row more than the page, to tell there is a next), newest
 * membership first by keyset on (membership created_at, project id). The first page and a page after
 * a cursor are prepared statements, one per tray shape; a deep page_no (its bound is a subquery,
 * db/pageNo.ts) is built per request. The total comes with the page's rows: only an empty page after
 * a bound (past the end) reads it on its own, as an empty first page is an empty tray.
 */
export async function trayRows(
  ctx: AppContext,
  userId: string,
  q: TrayQuery & { tray_name: TrayName },
  cursor: [at: string, projectId: string] | null,
) {
  const { db } = ctx;
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
  const cards = cardColumnsOf(ctx);
  // Without a cursor, the spec's page_no (keyset underneath).
  const deep = cursor
    ? undefined
    : afterPageNo({
        keys: [sql`${projectMembers.createdAt}`, sql`${projectMembers.projectId}`],
        order: 'desc',
        from: trayFrom,
        where: and(...trayFilters(value, shape)),
        pageNo: q.page_no,
        perPage: q.entries_per_page,
      });
  const page = deep
    ? await pageSelect(db, value, shape, deep, cards.columns)
    : await prepared(
        db,
        `${name}_page${cursor ? '_after' : ''}${cards.name}`,
        (d) =>
          pageSelect(d, placeholder, shape, cursor ? afterCursor(placeholder) : undefined, cards.columns),
        values,
      );
  const total =
    page[0]?.total ??
    (cursor || deep
      ? (await prepared(db, `${name}_count`, (d) => countSelect(d, placeholder, shape), values))[0].n
      : 0);
  const rows = page.map((r) => ({ projectId: r.project.id, at: r.at, card: toCard(r, r) }));
  return { total, rows };
}
