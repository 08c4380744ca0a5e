import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import {
  MENTION_TRIGGER,
  addCollaboratorsBody,
  createProjectBody,
  createTaskBody,
  createTaskRequestBody,
  sendChatBody,
  updateBriefBody,
} from '@rushes/shared';
import type { AppContext } from '../platform/context.ts';
import { authorizeAsset } from '../modules/approvals/approvals.policy.ts';
import { createApprovalsService } from '../modules/approvals/approvals.service.ts';
import { createBriefService } from '../modules/brief/brief.service.ts';
import { createChatService } from '../modules/chat/chat.service.ts';
import { createMembersService } from '../modules/projects/members.service.ts';
import {
  authorizeProject,
  canManageCollaborators,
  canManageProject,
  canViewProject,
} from '../modules/projects/projects.policy.ts';
import { createProjectsService, lockProject } from '../modules/projects/projects.service.ts';
import { createTasksService } from '../modules/tasks/tasks.service.ts';
import { recordIngestedAsset } from '../modules/uploads/uploads.ingest.ts';
import type { DemoFile } from './media.ts';

export const DEMO_PROJECT_TITLE = 'Spring Launch Film';

export interface DemoPeople {
  teamId: string;
  producer: { id: string; name: string };
  editor: { id: string; name: string };
}

const BRIEF = `A 60-second launch film for the spring collection, cut from the studio shoot.

Deliverables
- 16:9 master for the website, 1080p, with subtitles
- 9:16 cut-down for social, 15 seconds

Tone: bright, calm and unhurried. The score sketch in this project is the starting point for the music.
Picture lock by the end of next week; colour and sound the week after.`;

/** A due date `days` from today (UTC), as the task form sends it. */
const dueIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Fills the demo project through the modules' own services, as the two demo people would by hand:
 * the producer creates it, adds the editor, writes the brief and stores the media; each gives the
 * other a task; both talk in the project chat (one @mention); the producer asks the editor to
 * approve the clip. `ctx` is the seed's transaction-bound context (see seed.ts), so all or nothing
 * is stored. Without media (no ffmpeg) there are no assets and so no approval request.
 */
export async function fillDemoProject(ctx: AppContext, people: DemoPeople, media: DemoFile[]) {
  const { producer, editor } = people;
  const projects = createProjectsService(ctx);
  const { project_db_id: projectId } = await projects.create(
    producer.id,
    createProjectBody.parse({ team_db_id: people.teamId, title: DEMO_PROJECT_TITLE }),
  );
  // The seed is no route: it loads the producer's access itself (no preHandler ran).
  await createMembersService(ctx).add(
    await authorizeProject(ctx.db, producer.id, projectId, canManageCollaborators),
    addCollaboratorsBody.parse({ project_db_id: projectId, collabrated_with: [editor.id] }),
  );
  await createBriefService(ctx).update(
    await authorizeProject(ctx.db, producer.id, projectId, canManageProject),
    updateBriefBody.parse({ project_db_id: projectId, data: { brief: BRIEF } }),
  );

  const assetIds = await storeMedia(ctx, projectId, producer.id, media);

  const tasks = createTasksService(ctx);
  await tasks.create(
    await authorizeProject(ctx.db, producer.id, projectId, canViewProject),
    createTaskBody.parse({
      project_db_id: projectId,
      task_type: 'editing',
      assigned_to: editor.id,
      expire_at: dueIn(7),
      description:
        'Cut a first assembly from the opening shot and the score sketch, under 60 seconds, for the Friday review.',
      tz: 'UTC',
    }),
  );
  await tasks.create(
    await authorizeProject(ctx.db, editor.id, projectId, canViewProject),
    createTaskBody.parse({
      project_db_id: projectId,
      task_type: 'other',
      assigned_to: producer.id,
      expire_at: dueIn(3),
      description: 'Send the final logo files and the brand colour values for the end card.',
      tz: 'UTC',
    }),
  );

  const chat = createChatService(ctx);
  // Each writer has read the chat up to their own message, as in the chat panel: the producer finds
  // the editor's last reply unread, the editor nothing.
  const say = async (userId: string, text: string, mentions: string[] = []) => {
    await chat.send(
      await authorizeProject(ctx.db, userId, projectId, canViewProject),
      sendChatBody.parse({ project_db_id: projectId, text, mention_user_ids: mentions }),
    );
    await chat.seen(userId, projectId);
  };
  await say(producer.id, 'Welcome aboard! The brief is up and the first media is in the project.');
  await say(editor.id, 'Thanks! The opening shot has a good rhythm for a 60 second cut.');
  await say(
    producer.id,
    `${MENTION_TRIGGER}${editor.name} could you approve the opening shot when you have a minute?`,
    [editor.id],
  );
  await say(editor.id, 'On it. I will start the assembly today and share it on Friday.');

  const clipId = assetIds[0];
  if (clipId) {
    const { asset, access } = await authorizeAsset(ctx.db, producer.id, clipId);
    await createApprovalsService(ctx).create(
      { ...access, asset },
      createTaskRequestBody.parse({
        ingest_db_id: clipId,
        user_ids: [editor.id],
        task_type: 'task_approval',
        comment: 'Is this the opening we want? Approve it, or tell me what to change.',
      }),
    );
  }
  return projectId;
}

/**
 * Stores each file through the blob store (under its fixed key) and makes its asset the way upload
 * completion does: 'In Queue' with a media.process job, so poster frames, durations and thumbnails
 * come from the same pipeline as for a user's upload.
 */
async function storeMedia(ctx: AppContext, projectId: string, userId: string, media: DemoFile[]) {
  const ids: string[] = [];
  for (const m of media) {
    await ctx.blobs.putObject(m.blobKey, createReadStream(m.file), {
      contentType: m.mimeType,
      contentLength: m.sizeBytes,
    });
  }
  await ctx.events.transaction(ctx.db, async (tx, emit) => {
    await lockProject(tx, projectId);
    for (const m of media) {
      const assetId = randomUUID();
      await recordIngestedAsset(tx, emit, {
        assetId,
        projectId,
        folder: null,
        filename: m.filename,
        mimeType: m.mimeType,
        extension: m.extension,
        sizeBytes: m.sizeBytes,
        blobKey: m.blobKey,
        userId,
      });
      ids.push(assetId);
    }
  });
  return ids;
}
