// system programs: ffmpeg, ffprobe
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buffer } from 'node:stream/consumers';
import { count, eq, inArray } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { DEFAULT_MEMBER_PERMISSIONS, INGEST_STATUS } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import * as s from '../db/schema/index.ts';
import type { AppContext } from '../platform/context.ts';
import { runTool } from '../platform/media/tools.ts';
import { DEMO_EDITOR, DEMO_LOGIN, DEMO_PROJECT_TITLE, seedDemo, type SeedLog } from '../seed.ts';
import { findUserByEmail } from '../modules/accounts/users.service.ts';
import { createBriefService } from '../modules/brief/brief.service.ts';
import { createChatService } from '../modules/chat/chat.service.ts';
import { storedMessages } from '../modules/chat/chat.testkit.ts';
import { authorizeProject, canDeleteProject, canViewProject } from '../modules/projects/projects.policy.ts';
import { createProjectsService } from '../modules/projects/projects.service.ts';
import { membership } from '../modules/teams/teams.testkit.ts';

let t: TestApp;
let ffmpegFound = true;
const logged: { level: string; msg: string; err?: unknown }[] = [];
const log: SeedLog = {
  info: (o, msg) => logged.push({ level: 'info', msg, ...o }),
  warn: (o, msg) => logged.push({ level: 'warn', msg, ...o }),
  error: (o, msg) => logged.push({ level: 'error', msg, ...o }),
};

beforeAll(async () => {
  t = await createTestApp();
  ffmpegFound = await runTool(t.ctx.config.FFMPEG_PATH, ['-version']).then(
    () => true,
    () => false,
  );
  if (!ffmpegFound)
    console.warn(`No ffmpeg at ${t.ctx.config.FFMPEG_PATH}: the demo seed's media checks are skipped`);
});
afterAll(() => t.close());

const people = async () => ({
  producer: (await findUserByEmail(t.ctx.db, DEMO_LOGIN.email))!,
  editor: (await findUserByEmail(t.ctx.db, DEMO_EDITOR.email))!,
});

/**
 * How many rows of the demo's people, teams and projects each table the demo project writes holds.
 * Scoped to the demo: on PostgreSQL (DATABASE_URL) every test file shares one database, so global
 * counts move with other files. The job table has nothing to scope by: it is counted only on this
 * file's own PGlite.
 */
async function counts() {
  const db = t.ctx.db;
  const userIds = (
    await db
      .select({ id: s.users.id })
      .from(s.users)
      .where(inArray(s.users.email, [DEMO_LOGIN.email, DEMO_EDITOR.email]))
  ).map((u) => u.id);
  const teamIds = userIds.length
    ? (await db.select({ id: s.teams.id }).from(s.teams).where(inArray(s.teams.ownerId, userIds))).map(
        (r) => r.id,
      )
    : [];
  const projectIds = teamIds.length
    ? (
        await db.select({ id: s.projects.id }).from(s.projects).where(inArray(s.projects.teamId, teamIds))
      ).map((r) => r.id)
    : [];
  const none = ['00000000-0000-0000-0000-000000000000'];
  const ofProjects = projectIds.length ? projectIds : none;
  const ofUsers = userIds.length ? userIds : none;
  const n = async (q: Promise<{ n: number }[]>) => (await q)[0].n;
  const out: Record<string, number> = {
    users: userIds.length,
    teams: teamIds.length,
    projects: projectIds.length,
    projectMembers: await n(
      db.select({ n: count() }).from(s.projectMembers).where(inArray(s.projectMembers.projectId, ofProjects)),
    ),
    briefs: await n(
      db.select({ n: count() }).from(s.projectBriefs).where(inArray(s.projectBriefs.projectId, ofProjects)),
    ),
    assets: await n(db.select({ n: count() }).from(s.assets).where(inArray(s.assets.projectId, ofProjects))),
    tasks: await n(db.select({ n: count() }).from(s.tasks).where(inArray(s.tasks.projectId, ofProjects))),
    chat: await n(
      db
        .select({ n: count() })
        .from(s.chatMessages)
        .innerJoin(s.chatConversations, eq(s.chatConversations.id, s.chatMessages.conversationId))
        .where(inArray(s.chatConversations.projectId, ofProjects)),
    ),
    requests: await n(
      db.select({ n: count() }).from(s.taskRequests).where(inArray(s.taskRequests.projectId, ofProjects)),
    ),
    notifications: await n(
      db.select({ n: count() }).from(s.notifications).where(inArray(s.notifications.userId, ofUsers)),
    ),
    marks: await n(db.select({ n: count() }).from(s.seedMarks)),
  };
  if (!process.env.DATABASE_URL) out.jobs = await n(db.select({ n: count() }).from(s.jobs));
  return out;
}

const demoProjects = () => t.ctx.db.select().from(s.projects).where(eq(s.projects.title, DEMO_PROJECT_TITLE));

describe('the demo world', () => {
  it('people only (DEMO_SEED_PROJECT=false): the producer owns Demo Studio, the editor holds the default member permissions', async () => {
    expect(await seedDemo(t.ctx, { project: false, log })).toEqual({ users: true, project: false });
    const { producer, editor } = await people();
    const [studio] = await t.ctx.db.select().from(s.teams).where(eq(s.teams.name, 'Demo Studio'));
    expect(studio).toMatchObject({ ownerId: producer.id, awsRegion: 'ap-south-1', planCode: 'pro' });
    expect(await membership(t, studio.id, producer.id)).toEqual({
      isAdmin: true,
      codes: ['added_as_team_owner'],
    });
    expect(await membership(t, studio.id, editor.id)).toEqual({
      isAdmin: false,
      codes: [...DEFAULT_MEMBER_PERMISSIONS].sort(),
    });
    expect(await demoProjects()).toEqual([]);
  });

  it('a start that dies half way through the project stores nothing of it, and does not stop the server', async () => {
    const before = await counts();
    // The members service wakes the job queue right after adding the editor: the "crash" is there.
    const jobs = Object.assign(Object.create(t.ctx.jobs) as AppContext['jobs'], {
      wake() {
        throw new Error('killed half way');
      },
    });
    expect(await seedDemo({ ...t.ctx, jobs }, { log })).toEqual({ users: false, project: false });
    expect(logged.at(-1)).toMatchObject({ level: 'error', err: new Error('killed half way') });
    expect(await counts()).toEqual(before);
  });

  it('an install with the people but no project gets the whole project at the next start', async () => {
    expect(await seedDemo(t.ctx, { log })).toEqual({ users: false, project: true });
    const [project] = await demoProjects();
    const { producer, editor } = await people();
    expect(project.createdBy).toBe(producer.id);

    const members = await t.ctx.db
      .select({ userId: s.projectMembers.userId })
      .from(s.projectMembers)
      .where(eq(s.projectMembers.projectId, project.id));
    expect(members.map((m) => m.userId).sort()).toEqual([producer.id, editor.id].sort());

    const brief = await createBriefService(t.ctx).get(
      await authorizeProject(t.ctx.db, editor.id, project.id, canViewProject),
    );
    expect(brief.brief).toContain('launch film');
    expect(brief.updated_by?.user_id).toBe(producer.id);

    const tasks = await t.ctx.db.select().from(s.tasks).where(eq(s.tasks.projectId, project.id));
    expect(tasks).toHaveLength(2);
    const assignees = await t.ctx.db
      .select()
      .from(s.taskAssignees)
      .where(
        inArray(
          s.taskAssignees.taskId,
          tasks.map((x) => x.id),
        ),
      );
    const assigneeOf = (by: string) =>
      assignees.find((a) => a.taskId === tasks.find((x) => x.assignedBy === by)!.id);
    expect(assigneeOf(producer.id)?.userId).toBe(editor.id);
    expect(assigneeOf(editor.id)?.userId).toBe(producer.id);

    const chat = await storedMessages(t.ctx.db, 'project', project.id);
    expect(chat.length).toBeGreaterThanOrEqual(3);
    expect(new Set(chat.map((m) => m.userId))).toEqual(new Set([producer.id, editor.id]));
    expect(chat.some((m) => m.mentionUserIds.includes(editor.id) && m.text.startsWith('@Demo Editor'))).toBe(
      true,
    );
    // Each writer read the chat up to their own message: the producer has the editor's reply to read.
    const chatService = createChatService(t.ctx);
    expect((await chatService.counters(producer.id, project.id)).unread).toBe(1);
    expect((await chatService.counters(editor.id, project.id)).unread).toBe(0);
    // The editor's bell: added to the project, a task, a mention (and an approval request with media).
    const bell = await t.ctx.db
      .select({ type: s.notifications.notificationType })
      .from(s.notifications)
      .where(eq(s.notifications.userId, editor.id));
    expect(bell.map((b) => b.type)).toEqual(
      expect.arrayContaining(['project_invite', 'task_assigned', 'chat_mention']),
    );

    const assets = await t.ctx.db.select().from(s.assets).where(eq(s.assets.projectId, project.id));
    const requests = await t.ctx.db
      .select()
      .from(s.taskRequests)
      .where(eq(s.taskRequests.projectId, project.id));
    if (!ffmpegFound) {
      expect(assets).toEqual([]);
      expect(requests).toEqual([]);
      expect(logged.some((l) => l.level === 'warn' && l.msg.includes('without media'))).toBe(true);
      return;
    }

    // Three files, stored through the blob store, their bytes what their names say.
    expect(assets).toHaveLength(3);
    const wanted = { mp4: 'video/mp4', png: 'image/png', m4a: 'audio/x-m4a' } as Record<string, string>;
    for (const a of assets) {
      expect(a).toMatchObject({ isFolder: false, status: INGEST_STATUS.inqueue, uploadedBy: producer.id });
      const bytes = await buffer((await t.ctx.blobs.getObject(a.blobKey!)).body);
      expect(bytes.length).toBe(Number(a.sizeBytes));
      expect(bytes.length).toBeGreaterThan(1000);
      expect((await fileTypeFromBuffer(bytes))?.mime).toBe(wanted[a.extension!]);
    }
    expect(project).toMatchObject({
      totalAssets: 3,
      storageUsed: assets.reduce((sum, a) => sum + Number(a.sizeBytes), 0),
    });

    // The approval request: on the clip, to the editor.
    const clip = assets.find((a) => a.extension === 'mp4')!;
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      assetId: clip.id,
      taskType: 'task_approval',
      createdBy: producer.id,
    });
    const asked = await t.ctx.db
      .select()
      .from(s.taskRequestUsers)
      .where(eq(s.taskRequestUsers.requestId, requests[0].id));
    expect(asked.map((a) => a.userId)).toEqual([editor.id]);

    // The media pipeline processes them as it does uploads: durations, thumbnails, finished.
    await t.ctx.jobs.drainForTests();
    const done = await t.ctx.db.select().from(s.assets).where(eq(s.assets.projectId, project.id));
    const byExt = (ext: string) => done.find((a) => a.extension === ext)!;
    expect(byExt('mp4')).toMatchObject({
      status: INGEST_STATUS.finished,
      fileType: 'video',
      codec: 'h264 / aac',
      // full HD: a smaller clip looked soft in the player
      width: 1920,
      height: 1080,
      proxyKey: null,
    });
    expect(byExt('mp4').durationSeconds).toBeCloseTo(5, 0);
    expect(byExt('m4a')).toMatchObject({ status: INGEST_STATUS.finished, fileType: 'audio', proxyKey: null });
    expect(byExt('m4a').durationSeconds).toBeCloseTo(8, 0);
    expect(byExt('png')).toMatchObject({
      status: INGEST_STATUS.finished,
      fileType: 'image',
      width: 1280,
      height: 720,
    });
    for (const a of done) expect(a.thumbnailKey).toBeTruthy();
  });

  it('a second start adds nothing', async () => {
    const before = await counts();
    expect(await seedDemo(t.ctx, { log })).toEqual({ users: false, project: false });
    expect(await counts()).toEqual(before);
    expect(await demoProjects()).toHaveLength(1);
  });
});

describe('after the demo project', () => {
  it('a deleted demo project stays deleted', async () => {
    const { producer } = await people();
    const [project] = await demoProjects();
    await createProjectsService(t.ctx).remove(
      await authorizeProject(t.ctx.db, producer.id, project.id, canDeleteProject),
    );
    expect(await seedDemo(t.ctx, { log })).toEqual({ users: false, project: false });
    expect(await demoProjects()).toEqual([]);
  });

  it('without ffmpeg the demo project has no media (nor approval request), and a warning says so', async () => {
    // A database that never had the demo project (its mark gone too).
    await t.ctx.db.delete(s.seedMarks);
    const config = { ...t.ctx.config, FFMPEG_PATH: '/nonexistent/ffmpeg' };
    expect(await seedDemo({ ...t.ctx, config }, { log })).toEqual({ users: false, project: true });
    const [again] = await demoProjects();
    expect(logged.some((l) => l.level === 'warn' && l.msg.includes('without media'))).toBe(true);
    expect(await t.ctx.db.select().from(s.assets).where(eq(s.assets.projectId, again.id))).toEqual([]);
    expect(await t.ctx.db.select().from(s.tasks).where(eq(s.tasks.projectId, again.id))).toHaveLength(2);
    expect(
      await t.ctx.db.select().from(s.taskRequests).where(eq(s.taskRequests.projectId, again.id)),
    ).toEqual([]);
  });
});
