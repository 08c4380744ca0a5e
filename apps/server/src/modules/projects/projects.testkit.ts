import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { API, type MemberRole, type ProjectPermissionCode } from '@rushes/shared';
import type { TestApp } from '../../../test/harness.ts';
import {
  assets,
  projectMemberPermissions,
  projectPermissions,
  projects,
  teamMembers,
} from '../../db/schema/index.ts';
import { newIngestCode, searchTextOf } from '../assets/assets.sql.ts';
import { apiTeam, call, person, setPlan, type Person } from '../teams/teams.testkit.ts';
import { people, project } from '../../../test/factories.ts';
import { findPersonalTeam } from '../teams/teams.service.ts';
import { clearCachedProjectAccess } from './accessCache.ts';

/** Test helpers for the projects and assets modules: projects, members and assets made per test. */

export { call, person, type Person };

let seq = 0;
export const projectTitle = (label = 'Reel') => `${label} ${++seq}`;

/**
 * A team owned by `owner` on an unlimited plan (so project_limit never gets in the way): their
 * personal account without members, else a new team with them.
 */
export async function bigTeam(t: TestApp, owner: Person, members: string[] = []) {
  const teamId = members.length
    ? await apiTeam(t, owner, { ids: members })
    : (await findPersonalTeam(t.ctx.db, owner.user.id))!.id;
  await setPlan(t, teamId, 'enterprise');
  return teamId;
}

/** Creates a project through the API and answers its id. */
export async function apiProject(t: TestApp, owner: Person, teamId?: string, title = projectTitle()) {
  const team = teamId ?? (await bigTeam(t, owner));
  const res = await call<{ project_db_id: string }>(t, 'POST', API.projects.root, owner, {
    team_db_id: team,
    title,
  });
  if (!res.body.response) throw new Error(`project not created: ${res.body.errormessage}`);
  return res.body.data.project_db_id;
}

/** Adds existing users through the API (as `by`, the creator by default). */
export async function addMembers(
  t: TestApp,
  by: Person,
  projectId: string,
  people: Person[],
  role: MemberRole = 'collaborator',
) {
  const res = await call(t, 'POST', API.projects.collaborators, by, {
    project_db_id: projectId,
    collabrated_with: people.map((p) => p.user.id),
    role,
  });
  if (!res.body.response) throw new Error(`not added: ${res.body.errormessage}`);
}

/**
 * A creator with a project (in their personal team, unlimited plan) and a collaborator (default
 * collaborator permissions), written directly (test/factories.ts): a test's world, not its subject.
 */
export async function studio(t: TestApp) {
  const [owner, collaborator] = await people(t, 2);
  const projectId = await project(t, owner, { title: projectTitle(), members: [collaborator] });
  return { owner, collaborator, projectId };
}

/** Replaces a member's permission rows directly (to test one missing code). */
export async function setCodes(
  t: TestApp,
  projectId: string,
  userId: string,
  codes: ProjectPermissionCode[],
) {
  const db = t.ctx.db;
  // a direct write sends no project.changed: the node's cached access must go by hand
  clearCachedProjectAccess(t.ctx);
  await db
    .delete(projectMemberPermissions)
    .where(
      and(eq(projectMemberPermissions.projectId, projectId), eq(projectMemberPermissions.userId, userId)),
    );
  const rows = await db.select().from(projectPermissions);
  const ids = rows.filter((r) => codes.includes(r.code as ProjectPermissionCode)).map((r) => r.id);
  if (ids.length) {
    await db
      .insert(projectMemberPermissions)
      .values(ids.map((permissionId) => ({ projectId, userId, permissionId })));
  }
}

/** Creates a folder through the API and answers its id. */
export async function apiFolder(t: TestApp, who: Person, projectId: string, name: string, parent?: string) {
  const res = await call<{ ingest_db_id: string }>(t, 'POST', API.assets.folder, who, {
    project_db_id: projectId,
    folder_db_id: parent ?? null,
    data: { upload_status: 'started', file_info: { filename: name, folder_path: '/' } },
  });
  if (!res.body.response) throw new Error(`folder not created: ${res.body.errormessage}`);
  return res.body.data.ingest_db_id;
}

/**
 * A file row as the uploads issue will make it (inserted directly), counted into the project's
 * totals the way the uploads service will.
 */
export async function insertFile(
  t: TestApp,
  projectId: string,
  opts: {
    title?: string;
    parentId?: string | null;
    folderPath?: string;
    size?: number;
    blobKey?: string | null;
    keywords?: string[];
    additional?: string;
    uploadedBy?: string;
  } = {},
) {
  const title = opts.title ?? `clip-${randomUUID().slice(0, 6)}.mp4`;
  const size = opts.size ?? 1000;
  const [row] = await t.ctx.db
    .insert(assets)
    .values({
      projectId,
      parentId: opts.parentId ?? null,
      title,
      fileType: 'video',
      folderPath: opts.folderPath ?? '/',
      ingestCode: newIngestCode(),
      sizeBytes: size,
      mimeType: 'video/mp4',
      extension: 'mp4',
      format: 'MPEG-4',
      durationSeconds: 12.5,
      keywords: opts.keywords ?? [],
      additionalFilename: opts.additional ?? '',
      uploadedBy: opts.uploadedBy,
      status: 1,
      approvalStatus: 2,
      blobKey: opts.blobKey === undefined ? `assets/${randomUUID()}` : opts.blobKey,
      searchText: searchTextOf(title, opts.additional ?? '', opts.keywords ?? []),
    })
    .returning();
  await t.ctx.db
    .update(projects)
    .set({
      storageUsed: sql`${projects.storageUsed} + ${size}`,
      totalAssets: sql`${projects.totalAssets} + 1`,
    })
    .where(eq(projects.id, projectId));
  return row;
}

export async function projectRow(t: TestApp, projectId: string) {
  const [row] = await t.ctx.db.select().from(projects).where(eq(projects.id, projectId));
  return row ?? null;
}

export const folderBody = (projectId: string, filename: unknown, parent?: string) => ({
  project_db_id: projectId,
  folder_db_id: parent ?? null,
  data: { upload_status: 'started', file_info: { filename, folder_path: '/' } },
});

/** The team of a project. */
export async function teamOfProject(t: TestApp, projectId: string): Promise<string> {
  const [row] = await t.ctx.db
    .select({ teamId: projects.teamId })
    .from(projects)
    .where(eq(projects.id, projectId));
  return row.teamId;
}

/**
 * The team a user finds a project's notifications under: the project's team when they are
 * a member of it, else their personal account.
 */
export async function notificationTeamOf(t: TestApp, who: Person, projectId: string): Promise<string> {
  const teamId = await teamOfProject(t, projectId);
  const [member] = await t.ctx.db
    .select()
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, who.user.id)));
  return member ? teamId : (await findPersonalTeam(t.ctx.db, who.user.id))!.id;
}
