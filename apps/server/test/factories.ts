import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  DEFAULT_MEMBER_PERMISSIONS,
  DEFAULT_PROJECT_PERMISSIONS,
  expiryInstant,
  projectPermissionIds,
  todayIn,
  type MemberRole,
  type ProjectPermissionCode,
  type SelectableTaskType,
  type TeamPermissionCode,
} from '@rushes/shared';
import type { Tx } from '../src/db/client.ts';
import { assets, projects, taskAssignees, tasks, teams } from '../src/db/schema/index.ts';
import { createSession, SESSION_COOKIE } from '../src/platform/auth/sessions.ts';
import { createUser, updateUser, type UserRow } from '../src/modules/accounts/users.service.ts';
import { childPath, newIngestCode, searchTextOf } from '../src/modules/assets/assets.sql.ts';
import { clearCachedProjectAccess } from '../src/modules/projects/accessCache.ts';
import { insertProjectMember, newProjectCode } from '../src/modules/projects/projects.service.ts';
import { scheduleExpiry } from '../src/modules/tasks/tasks.jobs.ts';
import {
  idsOfCodes,
  loadCatalogue,
  replaceMemberPermissions,
} from '../src/modules/teams/permissions.service.ts';
import { createTeam } from '../src/modules/teams/teams.service.ts';
import { STRONG_PASSWORD, testPasswordHash, uniqueEmail, type TestApp } from './harness.ts';

/**
 * Direct-write factories ("build setup worlds with direct-write factories; keep the API for
 * the action under test"). Each writes the rows the services would leave, in one transaction, without
 * an HTTP round trip and without the side effects of the action that normally makes them: no events
 * (so no realtime hints), no mails, no notifications, no invitation claims. A test whose subject is
 * one of those actions (creating a team, adding a collaborator, …) makes it through the API instead.
 * They use the same write functions as the services where those exist (createUser, createTeam,
 * insertProjectMember, scheduleExpiry), so a schema change breaks them where it breaks the services.
 */

export interface Person {
  user: UserRow;
  email: string;
  password: string;
  /** A full session (`rushes_sid=…`), as after logging in. */
  cookie: string;
}

export interface PersonOptions {
  firstName?: string;
  lastName?: string;
  email?: string;
  twoFactor?: boolean;
  verified?: boolean;
}

const SESSION_POLICY = { idleHours: 24, maxDays: 7 };

async function personIn(tx: Tx, opts: PersonOptions): Promise<Person> {
  const email = opts.email ?? uniqueEmail();
  const user = await createUser(tx, {
    email,
    firstName: opts.firstName ?? 'Test',
    lastName: opts.lastName ?? 'User',
    passwordHash: await testPasswordHash(),
    verified: opts.verified ?? true,
  });
  if (opts.twoFactor) await updateUser(tx, user.id, { twoFactorEnabled: true });
  const session = await createSession(tx, user.id, 'full', SESSION_POLICY, {});
  return {
    user: opts.twoFactor ? { ...user, twoFactorEnabled: true } : user,
    email,
    password: STRONG_PASSWORD,
    cookie: `${SESSION_COOKIE}=${session.id}`,
  };
}

/** A verified user with their personal team ('My Account') and a logged-in session. */
export async function person(t: TestApp, opts: PersonOptions = {}): Promise<Person> {
  return t.ctx.db.transaction((tx) => personIn(tx, opts));
}

/** Several people in one transaction (names as 'First Last', or just how many). */
export async function people(t: TestApp, who: number | string[]): Promise<Person[]> {
  const names = typeof who === 'number' ? Array.from({ length: who }, () => 'Test User') : who;
  return t.ctx.db.transaction(async (tx) => {
    const made: Person[] = [];
    for (const name of names) {
      const [firstName, ...rest] = name.split(' ');
      made.push(await personIn(tx, { firstName, lastName: rest.join(' ') || 'User' }));
    }
    return made;
  });
}

let teamSeq = 0;

export interface TeamOptions {
  name?: string;
  /** Members besides the owner, on the default permission set unless `permissions` says otherwise. */
  members?: Person[];
  /** The members' team permission codes (the owner always holds the owner code). */
  permissions?: TeamPermissionCode[];
  /** The plan code; the default plan when omitted. */
  plan?: string;
  awsRegion?: string;
}

/** A team owned by `owner`, with members, as the teams service leaves it; answers its id. */
export async function team(t: TestApp, owner: Person, opts: TeamOptions = {}): Promise<string> {
  return t.ctx.db.transaction(async (tx) => {
    const memberIds = (opts.members ?? []).map((m) => m.user.id);
    const row = await createTeam(tx, {
      name: opts.name ?? `Factory team ${++teamSeq}`,
      ownerId: owner.user.id,
      awsRegion: opts.awsRegion ?? 'eu-west-1',
      memberIds,
      planCode: opts.plan,
    });
    if (opts.permissions && !sameCodes(opts.permissions, DEFAULT_MEMBER_PERMISSIONS)) {
      const ids = idsOfCodes(await loadCatalogue(tx), opts.permissions);
      for (const userId of memberIds)
        await replaceMemberPermissions(tx, { teamId: row.id, userId, ids, owner: false });
    }
    return row.id;
  });
}

const sameCodes = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

let projectSeq = 0;

export interface ProjectOptions {
  /** The team; by default the owner's personal team, moved to an unlimited plan (like `bigTeam`). */
  teamId?: string;
  title?: string;
  /** Members besides the creator, all in `role`, with that role's default permissions. */
  members?: Person[];
  role?: MemberRole;
}

/** A project created by `owner` with members, as the projects service leaves it; answers its id. */
export async function project(t: TestApp, owner: Person, opts: ProjectOptions = {}): Promise<string> {
  return t.ctx.db.transaction(async (tx) => {
    let teamId = opts.teamId;
    if (!teamId) {
      const [personal] = await tx
        .update(teams)
        .set({ planCode: 'enterprise' })
        .where(sql`${teams.ownerId} = ${owner.user.id} and ${teams.isPersonal}`)
        .returning({ id: teams.id });
      teamId = personal.id;
    }
    const [row] = await tx
      .insert(projects)
      .values({
        projectCode: newProjectCode(),
        teamId,
        title: opts.title ?? `Factory reel ${++projectSeq}`,
        createdBy: owner.user.id,
      })
      .returning({ id: projects.id });
    await insertProjectMember(tx, row.id, owner.user.id, 'creator');
    for (const m of opts.members ?? [])
      await insertProjectMember(tx, row.id, m.user.id, opts.role ?? 'collaborator');
    return row.id;
  });
}

/** Adds members to a project directly (role defaults, or the given permission codes). */
export async function members(
  t: TestApp,
  projectId: string,
  who: Person[],
  role: MemberRole = 'collaborator',
  codes?: ProjectPermissionCode[],
) {
  const ids = projectPermissionIds(codes ?? DEFAULT_PROJECT_PERMISSIONS[role]);
  // no project.changed from a direct write: a role changed here must not be answered from the cache
  clearCachedProjectAccess(t.ctx);
  await t.ctx.db.transaction(async (tx) => {
    for (const m of who) await insertProjectMember(tx, projectId, m.user.id, role, ids);
  });
}

/** A folder (in `parentId`, else the project root), counted into the project's totals; answers its id. */
export async function folder(
  t: TestApp,
  projectId: string,
  name: string,
  opts: { parentId?: string | null; by?: Person } = {},
): Promise<string> {
  return t.ctx.db.transaction(async (tx) => {
    const parentId = opts.parentId ?? null;
    const [parent] = parentId ? await tx.select().from(assets).where(eq(assets.id, parentId)) : [null];
    const [row] = await tx
      .insert(assets)
      .values({
        projectId,
        parentId,
        isFolder: true,
        title: name,
        fileType: 'folder',
        folderPath: childPath(parent ?? null),
        ingestCode: newIngestCode(),
        uploadedBy: opts.by?.user.id,
        status: 1,
        searchText: searchTextOf(name, '', []),
      })
      .returning({ id: assets.id });
    await tx
      .update(projects)
      .set({ totalAssets: sql`${projects.totalAssets} + 1` })
      .where(eq(projects.id, projectId));
    return row.id;
  });
}

/** A file row (processed, pending approval) in a folder or the root, counted into the totals. */
export async function asset(
  t: TestApp,
  projectId: string,
  opts: { title?: string; parentId?: string | null; size?: number; by?: Person } = {},
) {
  return t.ctx.db.transaction(async (tx) => {
    const parentId = opts.parentId ?? null;
    const [parent] = parentId ? await tx.select().from(assets).where(eq(assets.id, parentId)) : [null];
    const title = opts.title ?? `clip-${randomUUID().slice(0, 6)}.mp4`;
    const size = opts.size ?? 1000;
    const [row] = await tx
      .insert(assets)
      .values({
        projectId,
        parentId,
        title,
        fileType: 'video',
        folderPath: childPath(parent ?? null),
        ingestCode: newIngestCode(),
        sizeBytes: size,
        mimeType: 'video/mp4',
        extension: 'mp4',
        format: 'MPEG-4',
        durationSeconds: 12.5,
        uploadedBy: opts.by?.user.id,
        status: 1,
        approvalStatus: 2,
        blobKey: `assets/${randomUUID()}`,
        searchText: searchTextOf(title, '', []),
      })
      .returning();
    await tx
      .update(projects)
      .set({
        storageUsed: sql`${projects.storageUsed} + ${size}`,
        totalAssets: sql`${projects.totalAssets} + 1`,
      })
      .where(eq(projects.id, projectId));
    return row;
  });
}

export interface TaskOptions {
  type?: SelectableTaskType;
  description?: string;
  /** Due in this many days (UTC); 3 by default, like the API tests' tasks. */
  dueInDays?: number;
}

/**
 * A pending task of `by` for `to` (both project members), with its expiry timer, as the tasks
 * service leaves it (without the assignment's notification and mail); answers its id.
 */
export async function task(
  t: TestApp,
  by: Person,
  projectId: string,
  to: Person,
  opts: TaskOptions = {},
): Promise<string> {
  return t.ctx.db.transaction(async (tx) => {
    const dueDate = todayIn('UTC', Date.now() + (opts.dueInDays ?? 3) * 86_400_000);
    const [row] = await tx
      .insert(tasks)
      .values({
        projectId,
        taskType: opts.type ?? 'editing',
        description: opts.description ?? 'Cut the trailer to 30 seconds',
        dueDate,
        expireAt: expiryInstant(dueDate, 'UTC'),
        assignedBy: by.user.id,
      })
      .returning();
    await tx.insert(taskAssignees).values({ taskId: row.id, userId: to.user.id });
    await scheduleExpiry(t.ctx, tx, row.id, row.expireAt);
    return row.id;
  });
}
