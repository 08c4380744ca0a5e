import { randomBytes, randomInt } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  CAMERA_MODELS,
  C2E_PASSWORD_LENGTH,
  C2E_SD_CARD_TYPE,
  MSG,
  c2eIsSettled,
  cameraModelBySlug,
  type C2eSession,
  type CameraDetail,
} from '@rushes/shared';
import type { z } from 'zod';
import type { c2eActionBody, createC2eBody } from '@rushes/shared';
import { c2eSessions } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { iso } from '../../db/rows.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, badRequest, notFound } from '../../platform/http/errors.ts';
import { enqueueJob } from '../../platform/jobs/queue.ts';
import { secretBoxFor } from '../../platform/security/secretBox.ts';
import { folderIn, projectFolders } from '../assets/index.ts';
import './camera.events.ts';
import { ftpEndpoint } from './ftpEndpoint.ts';
import { ftpUnavailable } from './ftpStatus.ts';

export type C2eRow = typeof c2eSessions.$inferSelect;
type CreateBody = z.output<typeof createC2eBody>;
type ActionBody = z.output<typeof c2eActionBody>;

const ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const pick = (alphabet: string, n: number) =>
  Array.from({ length: n }, () => alphabet[randomInt(alphabet.length)]).join('');

/** A random FTP user name, e.g. 'c2e-k3v9x0q2mz'. */
export const newUsername = () => `c2e-${pick(ALNUM, 10)}`;
/** 24 characters from a 56-letter alphabet (≈139 bits). */
export const newPassword = () => pick(PASSWORD_ALPHABET, C2E_PASSWORD_LENGTH);
const newSessionCode = () => `C2E-${randomBytes(4).toString('hex').toUpperCase()}`;

export const cameraDetails = (): CameraDetail[] =>
  CAMERA_MODELS.map((m) => ({
    slug: m.slug,
    title: m.title,
    passive: m.protocol.passive,
    ftps_explicit: m.protocol.ftpsExplicit,
    menu_path: m.menuPath,
    note: m.note,
    sd_card_type: C2E_SD_CARD_TYPE,
  }));

/** A session row by id within the project, or 404 'Session details not found.'. */
export async function sessionIn(db: DbOrTx, projectId: string, sessionId: string) {
  const [row] = await db
    .select()
    .from(c2eSessions)
    .where(and(eq(c2eSessions.id, sessionId), eq(c2eSessions.projectId, projectId)))
    .limit(1);
  if (!row) throw notFound(MSG.c2eNotFound);
  return row;
}

/**
 * C2E sessions (spec 001 §4, §7): create (pending, then a job makes it active), list, read,
 * pause/resume (pausing/resuming, then the job settles it), delete (the FTP login is revoked and
 * its connections closed). Every call needs can_camera_to_edit in the project.
 */
export function createCameraService(ctx: AppContext) {
  const { db, events, config } = ctx;
  const box = secretBoxFor(config, ctx.secret);

  async function present(row: C2eRow): Promise<C2eSession> {
    const folder = row.folderId ? await folderIn(db, row.projectId, row.folderId).catch(() => null) : null;
    const { host, configured, port } = ftpEndpoint(ctx);
    const unavailable = await ftpUnavailable(ctx);
    return {
      c2e_session_db_id: row.id,
      c2e_session_id: row.sessionCode,
      camera_model: row.cameraModel,
      camera_title: cameraModelBySlug(row.cameraModel)?.title ?? row.cameraModel,
      folder_db_id: row.folderId,
      folder_name: folder?.title ?? MSG.c2eProjectRoot,
      is_active: row.status === 'active',
      created_on: iso(row.createdAt),
      status: row.status,
      hostname: host,
      hostname_configured: configured,
      port,
      allow_plain_ftp: row.allowPlainFtp,
      username: row.username,
      password: box.open(row.passwordSealed),
      files_received: row.filesReceived,
      bytes_received: row.bytesReceived,
      ftp_unavailable: unavailable,
    };
  }

  // Who may (can_camera_to_edit in the project) is the routes' policy, camera.canUseCamera, checked
  // before the handler (camera.policy.ts): these take the project it checked.
  return {
    async models() {
      return { camera_details: cameraDetails() };
    },

    async folders(projectId: string) {
      const rows = await projectFolders(db, projectId);
      return {
        folders: rows.map((f) => ({
          path: `${f.folderPath === '/' ? '' : f.folderPath}/${f.title}`,
          folder_db_id: f.id,
        })),
      };
    },

    async list(projectId: string) {
      const rows = await db
        .select()
        .from(c2eSessions)
        .where(eq(c2eSessions.projectId, projectId))
        .orderBy(desc(c2eSessions.createdAt))
        .limit(200);
      const sessions = await Promise.all(rows.map(present));
      return {
        c2e_sessions: sessions,
        is_session_active: sessions.some((s) => s.is_active),
        session_count: sessions.length,
      };
    },

    async get(projectId: string, sessionId: string) {
      return { c2e_session: await present(await sessionIn(db, projectId, sessionId)) };
    },

    async create(userId: string, body: CreateBody) {
      if (!cameraModelBySlug(body.camera_model)) throw badRequest(MSG.required);
      if (body.folder_db_id) await folderIn(db, body.project_db_id, body.folder_db_id);
      const row = await events.transaction(db, async (tx, emit) => {
        const [created] = await tx
          .insert(c2eSessions)
          .values({
            sessionCode: newSessionCode(),
            projectId: body.project_db_id,
            folderId: body.folder_db_id,
            cameraModel: body.camera_model,
            username: newUsername(),
            passwordSealed: box.seal(newPassword()),
            allowPlainFtp: body.allow_plain_ftp,
            maxFileBytes: config.FTP_MAX_FILE_BYTES,
            maxSessionBytes: config.FTP_MAX_SESSION_BYTES,
            createdBy: userId,
          })
          .returning();
        await enqueueJob(tx, 'camera.settle', { sessionId: created.id });
        emit('camera.sessions_changed', { projectId: body.project_db_id });
        return created;
      });
      ctx.jobs.wake();
      return { message: MSG.c2eInitiated, data: { c2e_session: await present(row) } };
    },

    /** Pause (active → pausing) or resume (paused → resuming); the settle job finishes it. */
    async act(body: ActionBody) {
      const s = await sessionIn(db, body.project_db_id, body.c2e_session_db_id);
      const [from, to] = body.action === 'pause' ? ['active', 'pausing'] : ['paused', 'resuming'];
      if (s.status === to) return { message: messageOf(body.action), c2e_session: await present(s) };
      if (!c2eIsSettled(s.status) || s.status !== from)
        throw new AppError(MSG.c2eNotSettled, { status: 409, errorcode: 409 });
      const row = await events.transaction(db, async (tx, emit) => {
        const [updated] = await tx
          .update(c2eSessions)
          .set({ status: to as C2eRow['status'], updatedAt: new Date() })
          .where(and(eq(c2eSessions.id, s.id), eq(c2eSessions.status, from as C2eRow['status'])))
          .returning();
        if (!updated) throw new AppError(MSG.c2eNotSettled, { status: 409, errorcode: 409 });
        await enqueueJob(tx, 'camera.settle', { sessionId: s.id });
        emit('camera.session_status', { projectId: s.projectId, sessionId: s.id, status: to });
        return updated;
      });
      ctx.jobs.wake();
      return { message: messageOf(body.action), c2e_session: await present(row) };
    },

    /** Delete (only active or paused, 001 §4): the row goes, so the login is refused from now on. */
    async remove(body: { project_db_id: string; c2e_session_db_id: string }) {
      const s = await sessionIn(db, body.project_db_id, body.c2e_session_db_id);
      if (!c2eIsSettled(s.status)) throw new AppError(MSG.c2eNotSettled, { status: 409, errorcode: 409 });
      await events.transaction(db, async (tx, emit) => {
        await tx.delete(c2eSessions).where(eq(c2eSessions.id, s.id));
        emit('camera.session_revoked', { projectId: s.projectId, sessionId: s.id, username: s.username });
        emit('camera.sessions_changed', { projectId: s.projectId });
      });
      return { message: MSG.c2eDeleted };
    },
  };
}

const messageOf = (action: 'pause' | 'resume') => (action === 'pause' ? MSG.c2ePaused : MSG.c2eResumed);

/** The settle job: pending/resuming → active, pausing → paused; anything else is left alone. */
export async function settleSession(ctx: AppContext, sessionId: string) {
  await ctx.events.transaction(ctx.db, async (tx, emit) => {
    const [row] = await tx
      .update(c2eSessions)
      .set({
        status: sql`case when ${c2eSessions.status} = 'pausing' then 'paused' else 'active' end`,
        updatedAt: new Date(),
      })
      .where(
        and(eq(c2eSessions.id, sessionId), sql`${c2eSessions.status} in ('pending', 'resuming', 'pausing')`),
      )
      .returning();
    if (!row) return;
    emit('camera.session_status', { projectId: row.projectId, sessionId: row.id, status: row.status });
    emit('camera.sessions_changed', { projectId: row.projectId });
  });
}
