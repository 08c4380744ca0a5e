import { displayName } from '@rushes/shared';
import { and, asc, eq, sql, type AnyColumn } from 'drizzle-orm';
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
 * The unread chat count a card shows, which the chat module keeps: for `projectIds` (narrowed to one
 * viewer when `userId` is set) it answers a lookup `(projectId, userId) → unread`.
 */
export type UnreadChatsCounter = (
  db: DbOrTx,
  projectIds: string[],
  userId?: string,
) => Promise<(projectId: string, userId: string) => number>;

/** Per app (keyed by its event bus, like the project cleanups): tests build many apps in one process. */
const unreadCounters = new WeakMap<object, UnreadChatsCounter>();

/**
 * Registers the card's unread counter (the chat manifest's `listeners`, at build), so projects never
 * imports chat, which builds on projects (no module cycle through projects). Without one
 * (an app without chat) cards show 0.
 */
export function countUnreadChatsWith(ctx: AppContext, counter: UnreadChatsCounter) {
  unreadCounters.set(ctx.events, counter);
}

const unreadChatsOf = (ctx: AppContext, projectIds: string[], userId?: string) =>
  unreadCounters.get(ctx.events)?.(ctx.db, projectIds, userId) ?? Promise.resolve(() => 0);

type BaseCard = Omit<ProjectCard, 'role' | 'unread_chats'>;

// The card reads, prepared (every home tray page runs them), the projects as one uuid[] value.
const idsIn = (column: AnyColumn) => sql`${column} = any(${sql.placeholder('ids')}::uuid[])`;
const cardsQuery = (db: DbOrTx) =>
  db
    .select({ project: projects, creatorFirst: users.firstName, creatorLast: users.lastName })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.createdBy))
    .where(idsIn(projects.id));
const cardMembersQuery = (db: DbOrTx) =>
  db
    .select({
      projectId: projectMembers.projectId,
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      badgeColor: users.badgeColor,
    })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(idsIn(projectMembers.projectId))
    .orderBy(
      projectMembers.projectId,
      sql`${projectMembers.role} = 'creator' desc`,
      asc(projectMembers.createdAt),
      asc(users.id),
    );
const rolesQuery = (db: DbOrTx) =>
  db
    .select({ projectId: projectMembers.projectId, role: projectMembers.role })
    .from(projectMembers)
    .where(and(eq(projectMembers.userId, sql.placeholder('userId')), idsIn(projectMembers.projectId)));

/** Cards of projects without the viewer's role (one query for the projects, one for the avatars). */
async function baseCards(db: DbOrTx, projectIds: string[]): Promise<Map<string, BaseCard>> {
  const cards = new Map<string, BaseCard>();
  if (projectIds.length === 0) return cards;
  const rows = await prepared(db, 'project_cards', cardsQuery, { ids: projectIds });
  if (rows.length === 0) return cards;
  const members = await prepared(db, 'project_card_members', cardMembersQuery, {
    ids: rows.map((r) => r.project.id),
  });
  const byProject = new Map<string, typeof members>();
  for (const m of members) byProject.set(m.projectId, [...(byProject.get(m.projectId) ?? []), m]);
  for (const r of rows) {
    const list = byProject.get(r.project.id) ?? [];
    cards.set(r.project.id, {
      project_db_id: r.project.id,
      project_id: r.project.projectCode,
      team_db_id: r.project.teamId,
      title: r.project.title,
      storage_used: Number(r.project.storageUsed),
      total_assets: r.project.totalAssets,
      created_on: iso(r.project.createdAt),
      creator: {
        user_id: r.project.createdBy,
        name: displayName(r.creatorFirst, r.creatorLast),
      },
      avatars: list.slice(0, AVATARS).map((m) => ({
        user_id: m.id,
        name: displayName(m.firstName, m.lastName),
        user_badge_color: m.badgeColor,
      })),
      no_of_members: list.length,
    });
  }
  return cards;
}

/** Cards of `projectIds` as `userId` sees them (role is theirs); projects they are not in are left out. */
export async function cardsFor(
  ctx: AppContext,
  userId: string,
  projectIds: string[],
): Promise<Map<string, ProjectCard>> {
  const { db } = ctx;
  const out = new Map<string, ProjectCard>();
  if (projectIds.length === 0) return out;
  const roles = await prepared(db, 'project_roles_of_viewer', rolesQuery, { userId, ids: projectIds });
  const base = await baseCards(
    db,
    roles.map((r) => r.projectId),
  );
  const unread = await unreadChatsOf(ctx, [...base.keys()], userId);
  for (const { projectId, role } of roles) {
    const card = base.get(projectId);
    const unread_chats = unread(projectId, userId);
    if (card) out.set(projectId, { ...card, role, unread_chats });
  }
  return out;
}

/** Every member of a project with their card (for tray updates after a change). */
export async function cardsByMember(ctx: AppContext, projectId: string): Promise<[string, ProjectCard][]> {
  const { db } = ctx;
  const roles = await db
    .select({ userId: projectMembers.userId, role: projectMembers.role })
    .from(projectMembers)
    .where(eq(projectMembers.projectId, projectId));
  const card = (await baseCards(db, [projectId])).get(projectId);
  if (!card) return [];
  const unread = await unreadChatsOf(ctx, [projectId]);
  return roles.map((r) => [r.userId, { ...card, role: r.role, unread_chats: unread(projectId, r.userId) }]);
}

export async function memberIdsOf(db: DbOrTx, projectId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: projectMembers.userId })
    .from(projectMembers)
    .where(eq(projectMembers.projectId, projectId));
  return rows.map((r) => r.userId);
}
