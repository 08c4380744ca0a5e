import { sql } from 'drizzle-orm';
import {
  bigint,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';
import { teams } from './teams.ts';

/** A project of a team (spec 002 §3 Project). id is project_db_id; project_code the human Project ID. */
export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectCode: text('project_code').notNull().unique(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    /** bytes of the project's files (kept by the assets service in the transaction that changes them) */
    storageUsed: bigint('storage_used', { mode: 'number' }).notNull().default(0),
    /** assets of the project, folders included */
    totalAssets: integer('total_assets').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('projects_team_created_idx').on(t.teamId, t.createdAt)],
);

/** Members of a project: one creator, admins and collaborators (spec 002 §3). */
export const projectMembers = pgTable(
  'project_members',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['creator', 'admin', 'collaborator'] }).notNull(),
    /** role badge (spec 000 §4), null when cleared */
    badge: text('badge'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.userId] }),
    // Trays page by (created_at, project_id) of the membership, newest first. 'My Projects' (role =
    // creator) reads this one backwards; 'Collaborated Projects' (two roles) has its own, in its order.
    index('project_members_user_idx').on(t.userId, t.role, t.createdAt, t.projectId),
    index('project_members_shared_tray_idx')
      .on(t.userId, t.createdAt.desc().nullsFirst(), t.projectId.desc().nullsFirst())
      .where(sql`${t.role} in ('admin', 'collaborator')`),
  ],
);

/** The project permission catalogue; ids are permission_db_id (seeded by migration from PROJECT_PERMISSIONS). */
export const projectPermissions = pgTable('project_permissions', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  title: text('title').notNull(),
  sortOrder: integer('sort_order').notNull(),
});

export const projectMemberPermissions = pgTable(
  'project_member_permissions',
  {
    projectId: uuid('project_id').notNull(),
    userId: uuid('user_id').notNull(),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => projectPermissions.id),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.userId, t.permissionId] }),
    // Deleting a membership deletes its permissions.
    foreignKey({
      name: 'project_member_permissions_member_fk',
      columns: [t.projectId, t.userId],
      foreignColumns: [projectMembers.projectId, projectMembers.userId],
    }).onDelete('cascade'),
  ],
);

/** Pending project invitations by e-mail; only the token's SHA-256 is stored. */
export const projectInvites = pgTable(
  'project_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ['admin', 'collaborator'] }).notNull(),
    permissionIds: integer('permission_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('project_invites_project_email_key').on(t.projectId, sql`lower(${t.email})`),
    index('project_invites_token_idx').on(t.tokenHash),
  ],
);
