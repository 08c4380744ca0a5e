import { displayName } from '@rushes/shared';
import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ProjectCard, TrayName } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { projectMembers, projects, users } from '../../db/schema/index.ts';
import { iso } from '../../db/rows.ts';
import { prepared } from '../../db/prepared.ts';
import type { AppContext } from '../../platform/context.ts';

/** How many member avatars a card shows (spec 002 §9). */
const AVATARS = 4;

export const trayOf = (role: string): TrayName =>
  role === 'creator' ? 'my_projects' : 'collaborated_projects';

/**
 * The unread chat count a card shows, which the chat module keeps: an SQL expression of a project and
 * a member (columns of the statement it is composed into), so a card's read stays one statement.
 */
export type UnreadChatsSql = (projectId: AnyColumn, userId: AnyColumn) => SQL<number>;

/** Per app (keyed by its event bus, like the project cleanups): tests build many apps in one process. */
const unreadSqls = new WeakMap<object, UnreadChatsSql>();

/**
 * Registers the card's unread count (the chat manifest's `listeners`, at build), so projects never
 * imports chat, which builds on projects (no module cycle through projects). Without one
 * (an app without chat) cards show 0.
 */
export function countUnreadChatsWith(ctx: AppContext, unread: UnreadChatsSql) {
  unreadSqls.set(ctx.events, unread);
}

// The members inside the card's statement are other rows of project_members and users: aliased apart
// from the viewer's row and the creator (in SQL an alias renders as its name only)
const member = alias(projectMembers, 'card_member');
const memberUser = alias(users, 'card_member_user');
type Avatar = [id: string, firstName: string, lastName: string, badgeColor: string];

/**
 * The card's members as one value, a subquery per card: how many, and the first AVATARS in the
 * card's order (the creator, then by joining). Nested one level, as chat's unreadChatsSql is: in a
 * select without joins drizzle writes the columns directly in a selected SQL bare.
 */
const membersOfCard = sql<{ count: number; avatars: Avatar[] }>`${sql`(
  select json_build_object(
    'count', count(*)::int,
    'avatars', coalesce(
      json_agg(json_build_array(id, first_name, last_name, badge_color) order by rn)
        filter (where rn <= ${sql.raw(String(AVATARS))}),
      '[]'::json))
  from (
    select ${memberUser.id} as id, ${memberUser.firstName} as first_name,
      ${memberUser.lastName} as last_name, ${memberUser.badgeColor} as badge_color,
      row_number() over (
        order by ${member.role} = 'creator' desc, ${member.createdAt} asc, ${memberUser.id} asc) as rn
    from ${projectMembers} as ${member}
    inner join ${users} as ${memberUser} on ${memberUser.id} = ${member.userId}
    where ${member.projectId} = ${projects.id}
  ) as card_members)`}`;

/** A card's columns that are the same for every viewer (over projects and the creator). */
const baseCardColumns = {
  project: projects,
  creatorFirst: users.firstName,
  creatorLast: users.lastName,
  members: membersOfCard,
};

/**
 * The card columns of a statement over project_members (the viewer's row), projects and the creator
 * (`users`, joined on `creatorOfProject`). `name` tells apart the prepared statements built with and
 * without the chat module's expression.
 */
export function cardColumnsOf(ctx: AppContext) {
  const unread = unreadSqls.get(ctx.events);
  return {
    name: unread ? '' : '_without_chat',
    columns: {
      ...baseCardColumns,
      role: projectMembers.role,
      unread: unread ? unread(projectMembers.projectId, projectMembers.userId) : sql<number>`0`,
    },
  };
}

/** The creator of the card's project, joined to `projects` (every card statement reads them). */
export const creatorOfProject = eq(users.id, projects.createdBy);

/** A row of `baseCardColumns`. */
interface BaseCardRow {
  project: typeof projects.$inferSelect;
  creatorFirst: string;
  creatorLast: string;
  members: { count: number; avatars: Avatar[] };
}

/** A card as `viewer`s sees it, from a row of `cardColumnsOf` (or the base columns and the viewer's). */
export function toCard(row: BaseCardRow, viewer: { role: ProjectCard['role']; unread: number }): ProjectCard {
  const { project } = row;
  return {
    project_db_id: project.id,
    project_id: project.projectCode,
    team_db_id: project.teamId,
    title: project.title,
    storage_used: Number(project.storageUsed),
    total_assets: project.totalAssets,
    created_on: iso(project.createdAt),
    creator: { user_id: project.createdBy, name: displayName(row.creatorFirst, row.creatorLast) },
    avatars: row.members.avatars.map(([user_id, firstName, lastName, user_badge_color]) => ({
      user_id,
      name: displayName(firstName, lastName),
      user_badge_color,
    })),
    no_of_members: row.members.count,
    role: viewer.role,
    unread_chats: viewer.unread,
  };
}

/** Cards of `projectIds` as `userId` sees them (role is theirs); projects they are not in are left out. */
export async function cardsFor(
  ctx: AppContext,
  userId: string,
  projectIds: string[],
): Promise<Map<string, ProjectCard>> {
  const out = new Map<string, ProjectCard>();
  if (projectIds.length === 0) return out;
  const { name, columns } = cardColumnsOf(ctx);
  const rows = await prepared(
    ctx.db,
    `project_cards_of_viewer${name}`,
    (db) =>
      db
        .select(columns)
        .from(projectMembers)
        .innerJoin(projects, eq(projects.id, projectMembers.projectId))
        .innerJoin(users, creatorOfProject)
        .where(
          and(
            eq(projectMembers.userId, sql.placeholder('userId')),
            sql`${projectMembers.projectId} = any(${sql.placeholder('ids')}::uuid[])`,
          ),
        ),
    { userId, ids: projectIds },
  );
  for (const row of rows) out.set(row.project.id, toCard(row, row));
  return out;
}

/** Every member of a project with their card (for tray updates after a change). */
export async function cardsByMember(ctx: AppContext, projectId: string): Promise<[string, ProjectCard][]> {
  const [base] = await prepared(
    ctx.db,
    'project_card',
    (db) =>
      db
        .select(baseCardColumns)
        .from(projects)
        .innerJoin(users, creatorOfProject)
        .where(eq(projects.id, sql.placeholder('projectId'))),
    { projectId },
  );
  if (!base) return [];
  // each member's own columns apart: the members subquery runs once, not once per member
  const { name, columns } = cardColumnsOf(ctx);
  const viewers = await prepared(
    ctx.db,
    `project_card_viewers${name}`,
    (db) =>
      db
        .select({ userId: projectMembers.userId, role: columns.role, unread: columns.unread })
        .from(projectMembers)
        .where(eq(projectMembers.projectId, sql.placeholder('projectId'))),
    { projectId },
  );
  return viewers.map((v) => [v.userId, toCard(base, v)]);
}

export async function memberIdsOf(db: DbOrTx, projectId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: projectMembers.userId })
    .from(projectMembers)
    .where(eq(projectMembers.projectId, projectId));
  return rows.map((r) => r.userId);
}
