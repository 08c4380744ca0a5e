import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { API, type Task, type TaskRequest } from '@rushes/shared';
import {
  jobs,
  notificationTeamState,
  notifications,
  taskAssignees,
  taskInvites,
  taskRequestUsers,
} from '../../db/schema/index.ts';
import { bootOnDisk, lastMailTo, sessionCookie, testPasswordHash } from '../../../test/harness.ts';
import type { DeliverData } from '../../platform/events/bus.ts';
import { waitFor } from '../../platform/jobs/queue.testkit.ts';
import { createUser } from '../accounts/users.service.ts';
import { insertFile } from '../projects/projects.testkit.ts';
import { call, crew, taskBody } from './tasks.testkit.ts';

/**
 * Invitation claims are durable subscribers of 'project.changed': the joining transaction
 * enqueues their 'events.deliver' jobs. Here the process stops right after that commit, before any
 * worker ran them (the job worker is never started in the first process, and no listener claims
 * after the commit any more); a new process on the same data directory finishes the claims, and the
 * notification the claim writes ('task_assigned', with its bell dot) exists then, once.
 */
describe('invitation claims survive a crash between the join and the claim', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'rushes-durable-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const boot = (secret: string) => bootOnDisk(dir, secret);

  it(
    'the invitee who joined before the crash is the task assignee, a reviewer and notified after the restart',
    { timeout: 120_000 },
    async () => {
      const secret = randomBytes(32).toString('base64url');
      const first = await boot(secret);
      const { owner, projectId } = await crew(first.t);
      const email = `durable-${Date.now()}@example.com`;
      const made = await call<{ task: Task }>(
        first.t,
        'POST',
        API.tasks.root,
        owner,
        taskBody(projectId, { user_email: email }),
      );
      const taskId = made.body.data.task.task_db_id;
      const asset = await insertFile(first.t, projectId);
      const req = await call<{ task_request: TaskRequest }>(first.t, 'POST', API.approvals.root, owner, {
        ingest_db_id: asset.id,
        user_emails: [email],
        task_type: 'task_review',
        comment: 'Your eyes please',
      });
      const requestId = req.body.data.task_request.task_request_db_id;

      // The invitee signs up and accepts the project invitation: the join commits.
      const mail = await lastMailTo(first.t.ctx, email);
      const code = decodeURIComponent(/inviteCode=([^&\s]+)/.exec(mail?.text ?? '')?.[1] ?? '');
      const user = await createUser(first.t.ctx.db, {
        email,
        firstName: 'Nia',
        lastName: 'Newcomer',
        passwordHash: await testPasswordHash(),
        verified: true,
      });
      const who = { user, email, password: '', cookie: await sessionCookie(first.t.ctx, user) };
      const accepted = await call(first.t, 'POST', API.projects.acceptInvite, who, { invite_code: code });
      expect(accepted.body.response).toBe(true);

      // Committed with the join: one delivery job per claim; nothing claimed yet. (Members added
      // earlier by the crew have their own, equally idle, claim jobs.)
      const db1 = first.t.ctx.db;
      const queued = await db1
        .select({ data: jobs.data })
        .from(jobs)
        .where(and(eq(jobs.name, 'events.deliver'), eq(jobs.state, 'queued')));
      const forJoin = queued
        .map((j) => j.data as DeliverData)
        .filter((d) => (d.payload as { addedUserIds: string[] }).addedUserIds.includes(user.id));
      expect(forJoin.map((d) => d.subscriber).sort()).toEqual([
        'approvals.claim_invites',
        'tasks.claim_invites',
      ]);
      expect(await db1.select().from(taskAssignees).where(eq(taskAssignees.taskId, taskId))).toEqual([]);
      expect(await db1.select().from(taskInvites).where(eq(taskInvites.taskId, taskId))).toHaveLength(1);
      const notified = (db: typeof db1) =>
        db
          .select({ type: notifications.notificationType, teamId: notifications.teamId })
          .from(notifications)
          .where(and(eq(notifications.userId, user.id), eq(notifications.taskId, taskId)));
      expect(await notified(db1)).toEqual([]);

      // The process dies here (nothing runs the jobs), then starts again on the same data directory.
      await first.close();
      const second = await boot(secret);
      try {
        second.t.ctx.jobs.start();
        const db2 = second.t.ctx.db;
        await waitFor(async () => {
          const all = await db2
            .select({ state: jobs.state })
            .from(jobs)
            .where(eq(jobs.name, 'events.deliver'));
          return all.length === queued.length && all.every((j) => j.state === 'done');
        });
        const assignees = await db2.select().from(taskAssignees).where(eq(taskAssignees.taskId, taskId));
        expect(assignees.map((a) => a.userId)).toEqual([user.id]);
        expect(await db2.select().from(taskInvites).where(eq(taskInvites.taskId, taskId))).toEqual([]);
        const reviewers = await db2
          .select()
          .from(taskRequestUsers)
          .where(eq(taskRequestUsers.requestId, requestId));
        expect(reviewers.map((r) => r.userId)).toEqual([user.id]);
        // The claim's notification was written by the delivery after the restart, with the dot.
        const [note] = await notified(db2);
        expect(note?.type).toBe('task_assigned');
        const [dot] = await db2
          .select({ on: notificationTeamState.hasNewNotification })
          .from(notificationTeamState)
          .where(
            and(eq(notificationTeamState.userId, user.id), eq(notificationTeamState.teamId, note.teamId)),
          );
        expect(dot?.on).toBe(true);

        // At least once: running a claim again (a worker lost after the claim committed) changes nothing.
        await second.t.ctx.events.deliver({
          subscriber: 'tasks.claim_invites',
          event: 'project.changed',
          payload: { projectId, addedUserIds: [user.id], removedUserIds: [], members: true },
        });
        expect(await db2.select().from(taskAssignees).where(eq(taskAssignees.taskId, taskId))).toHaveLength(
          1,
        );
        expect(await notified(db2)).toHaveLength(1);
      } finally {
        await second.close();
      }
    },
  );
});
