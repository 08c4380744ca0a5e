import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { TaskTrayPage, TaskTrayQuery } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { projectMembers, taskAssignees, tasks } from '../../db/schema/index.ts';
import { projectInTeamSql } from '../projects/index.ts';
import { decodeCursor, encodeCursor, newestFirstAfter, presentTasks } from './tasks.present.ts';

/**
 * Home task trays (spec 002 §2, §3): 'My Tasks' (my_tasks) = tasks assigned to me, newest assignment
 * first, as people read "my tasks"; 'Assigned Tasks' (assigned_tasks) = tasks I assigned, newest first. Both by keyset and only in projects I am still a
 * member of (the same rule as reading a task), served by tasks_assigner_created_idx and
 * task_assignees_user_created_idx. `teamId`: an API token's team, whose projects' tasks only it lists.
 */
export async function taskTray(
  db: DbOrTx,
  userId: string,
  q: TaskTrayQuery,
  teamId?: string,
): Promise<TaskTrayPage> {
  const cursor = decodeCursor(q.cursor);
  // A per-row check (a scalar subquery the planner keeps as a filter, not a semi-join): the planner
  // cannot estimate a membership semi-join (it guessed 1.5% of the user's tasks) and then sorted the
  // whole list instead of walking its index for page_no's bound.
  const member = sql`coalesce((select true from ${projectMembers} pm where pm.project_id = ${tasks.projectId} and pm.user_id = ${userId}), false)`;
  const inTeam = teamId ? projectInTeamSql(tasks.projectId, teamId) : undefined;
  let rows: { id: string; at: Date }[];
  let total: number;

  if (q.tray_name === 'assigned_tasks') {
    const where: (SQL | undefined)[] = [eq(tasks.assignedBy, userId), member, inTeam];
    const base = and(...where);
    where.push(
      newestFirstAfter({
        keys: [sql`${tasks.createdAt}`, sql`${tasks.id}`],
        from: sql`${tasks}`,
        where: base,
        cursor,
        page: q,
      }),
    );
    rows = await db
      .select({ id: tasks.id, at: tasks.createdAt })
      .from(tasks)
      .where(and(...where))
      .orderBy(desc(tasks.createdAt), desc(tasks.id))
      .limit(q.entries_per_page + 1);
    [{ total }] = await db.select({ total: count() }).from(tasks).where(base);
  } else {
    const where: (SQL | undefined)[] = [eq(taskAssignees.userId, userId), member, inTeam];
    const base = and(...where);
    where.push(
      newestFirstAfter({
        keys: [sql`${taskAssignees.createdAt}`, sql`${taskAssignees.taskId}`],
        from: sql`${taskAssignees} inner join ${tasks} on ${eq(tasks.id, taskAssignees.taskId)}`,
        where: base,
        cursor,
        page: q,
      }),
    );
    rows = await db
      .select({ id: taskAssignees.taskId, at: taskAssignees.createdAt })
      .from(taskAssignees)
      .innerJoin(tasks, eq(tasks.id, taskAssignees.taskId))
      .where(and(...where))
      .orderBy(desc(taskAssignees.createdAt), desc(taskAssignees.taskId))
      .limit(q.entries_per_page + 1);
    [{ total }] = await db
      .select({ total: count() })
      .from(taskAssignees)
      .innerJoin(tasks, eq(tasks.id, taskAssignees.taskId))
      .where(base);
  }
  const page = rows.slice(0, q.entries_per_page);
  const last = page.at(-1);
  return {
    field: q.tray_name,
    data: await presentTasks(
      db,
      userId,
      page.map((r) => r.id),
    ),
    total_entries: total,
    next_cursor: rows.length > page.length && last ? encodeCursor(last.at, last.id) : null,
  };
}
