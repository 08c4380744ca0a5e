import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';
import { folder, person, project, type Person } from './factories.ts';
import { rowsOf } from '../src/db/rows.ts';

/** An SQL timestamp of the series' `g`: each test chooses its order of times (equal pairs, seconds apart). */
type At = (g: string) => SQL;

export interface ListWorld {
  t: TestApp;
  /** made the project, so its lists are theirs */
  owner: Person;
  /** a member of the project, for the lists seen from the other side (assigned to, shared with) */
  guest: Person;
  projectId: string;
  teamId: string;
  /** Rows of each list, numbered g = 1…rows, made at `at(g)`. */
  seed: {
    /** the owner's notifications in the project's team */
    notifications(rows: number, at: At): Promise<unknown>;
    /** tasks of the project, assigned by the owner to the guest */
    tasks(rows: number, at: At): Promise<unknown>;
    /** projects of the owner's team that the owner created and the guest collaborates on */
    projects(rows: number, at: At, codePrefix: string): Promise<unknown>;
    /** the owner's AI conversations in the project */
    aiConversations(rows: number, at: At): Promise<unknown>;
    /** finished S3 imports of the project, started by the owner */
    transfers(rows: number, at: At): Promise<unknown>;
    /** a folder Rushes of the project with `rows` clips, ingest codes `codePrefix` g: its id */
    folderOfClips(rows: number, codePrefix: string): Promise<string>;
    /** each asset of the folder shared by the owner with the guest, at `sharedAt` (an SQL of its row) */
    shareAll(folderId: string, sharedAt: SQL): Promise<unknown>;
  };
}

/**
 * The world of a test file about the paged lists (pageNo.test.ts, keysetPlans.test.ts): one app
 * without a rate limit, an owner with a project and a guest on it, built before the file's tests
 * (read its fields inside them) and closed after them.
 */
export function listWorld(): ListWorld {
  const w = {} as ListWorld;
  const db = () => w.t.ctx.db;
  w.seed = {
    notifications: (rows, at) =>
      db().execute(sql`
        insert into notifications (user_id, team_id, title, message, notification_type, created_at)
        select ${w.owner.user.id}, ${w.teamId}, 'Task assigned', 'note ' || g, 'task', ${at('g')}
        from generate_series(1, ${rows}) g`),
    tasks: (rows, at) =>
      db().execute(sql`
        with made as (
          insert into tasks (project_id, task_type, description, due_date, expire_at, assigned_by, created_at)
          select ${w.projectId}, 'editing', 'Cut ' || g, current_date + 3, now() + interval '3 days',
            ${w.owner.user.id}, ${at('g')}
          from generate_series(1, ${rows}) g
          returning id, created_at)
        insert into task_assignees (task_id, user_id, created_at) select id, ${w.guest.user.id}, created_at from made`),
    projects: (rows, at, codePrefix) =>
      db().execute(sql`
        with made as (
          insert into projects (project_code, team_id, title, created_by, created_at)
          select ${codePrefix} || g, ${w.teamId}, 'Reel ' || g, ${w.owner.user.id}, ${at('g')}
          from generate_series(1, ${rows}) g
          returning id, created_at)
        insert into project_members (project_id, user_id, role, created_at)
        select id, ${w.owner.user.id}::uuid, 'creator', created_at from made
        union all
        select id, ${w.guest.user.id}::uuid, case when random() < 0.5 then 'admin' else 'collaborator' end, created_at from made`),
    aiConversations: (rows, at) =>
      db().execute(sql`
        insert into ai_conversations (user_id, project_id, title, created_at, updated_at)
        select ${w.owner.user.id}, ${w.projectId}, 'Question ' || g, ${at('g')}, ${at('g')}
        from generate_series(1, ${rows}) g`),
    transfers: (rows, at) =>
      db().execute(sql`
        insert into transfers (team_id, project_id, service, transfer_type, title, status, created_by, created_at)
        select ${w.teamId}, ${w.projectId}, 's3', 'import', 'Import ' || g, 'finished', ${w.owner.user.id}, ${at('g')}
        from generate_series(1, ${rows}) g`),
    folderOfClips: async (rows, codePrefix) => {
      const folderId = await folder(w.t, w.projectId, 'Rushes');
      await db().execute(sql`
        insert into assets (project_id, parent_id, title, file_type, folder_path, ingest_code, size_bytes, status)
        select ${w.projectId}, ${folderId}, 'clip_' || g || '.mov', 'video', '/Rushes', ${codePrefix} || g, 1000, 1
        from generate_series(1, ${rows}) g`);
      return folderId;
    },
    shareAll: (folderId, sharedAt) =>
      db().execute(sql`
        insert into asset_shares (asset_id, shared_with_user_id, shared_by_user_id, created_at)
        select id, ${w.guest.user.id}, ${w.owner.user.id}, ${sharedAt}
        from assets where parent_id = ${folderId}`),
  };
  beforeAll(async () => {
    w.t = await createTestApp({ RATE_LIMIT: 'false' });
    w.owner = await person(w.t);
    w.guest = await person(w.t);
    w.projectId = await project(w.t, w.owner, { members: [w.guest] });
    [{ id: w.teamId }] = await rowsOf<{ id: string }>(
      w.t.ctx.db,
      sql`select team_id as id from projects where id = ${w.projectId}`,
    );
  }, 60_000);
  afterAll(() => w.t?.close());
  return w;
}
