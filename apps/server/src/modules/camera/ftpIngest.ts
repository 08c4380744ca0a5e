import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { extensionOf, normaliseFilename } from '@rushes/shared';
import { c2eSessions } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { ensureFolderPath, originalKey } from '../assets/index.ts';
import { lockProject } from '../projects/index.ts';
import { assertStorageRoom, recordIngestedAsset } from '../uploads/index.ts';
import { AppError } from '../../platform/http/errors.ts';
import './camera.events.ts';

class Refused extends Error {}

/** A file a camera sent completely, stored under its key, waiting to become an asset. */
export interface ReceivedFile {
  sessionId: string;
  projectId: string;
  assetId: string;
  blobKey: string;
  dirs: string[];
  filename: string;
  sizeBytes: number;
}

const MIME_BY_EXTENSION: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  mxf: 'application/mxf',
  mts: 'video/mp2t',
  avi: 'video/x-msvideo',
  r3d: 'application/octet-stream',
  braw: 'application/octet-stream',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  xml: 'application/xml',
};
/** The media pipeline sniffs the bytes later; this is the first guess from the name. */
export const mimeOf = (filename: string) =>
  MIME_BY_EXTENSION[extensionOf(filename).toLowerCase()] ?? 'application/octet-stream';

/** A fresh key for a file the session is about to receive (the asset id is reserved with it). */
export function reserveKey(projectId: string) {
  const assetId = randomUUID();
  return { assetId, blobKey: originalKey(projectId, assetId) };
}

/**
 * Makes the asset of a received file (kind camera_to_edit_asset) in the session's destination
 * folder plus the folders the camera used, through the same path as an upload's completion: the
 * project locked, the plan's storage checked, the row 'In Queue', the media job and the project
 * room's events, and the session's counters (its size cap checked again). Answers false, and
 * deletes the stored bytes, when the session is gone or a cap or the quota refuses it.
 */
export async function ingestReceived(ctx: AppContext, f: ReceivedFile): Promise<boolean> {
  const filename = normaliseFilename(f.filename);
  let ok = false;
  try {
    ok = await ctx.events.transaction(ctx.db, async (tx, emit) => {
      if (!(await lockProject(tx, f.projectId))) throw new Refused();
      const [session] = await tx
        .update(c2eSessions)
        .set({
          bytesReceived: sql`${c2eSessions.bytesReceived} + ${f.sizeBytes}`,
          filesReceived: sql`${c2eSessions.filesReceived} + 1`,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(c2eSessions.id, f.sessionId),
            sql`${c2eSessions.bytesReceived} + ${f.sizeBytes} <= ${c2eSessions.maxSessionBytes}`,
          ),
        )
        .returning();
      // Gone (deleted: its login was revoked), over its size cap, or its creator's account is gone.
      if (!session?.createdBy) throw new Refused();
      const userId = session.createdBy;
      await assertStorageRoom(tx, f.projectId, f.sizeBytes);
      const newFolderParents: (string | null)[] = [];
      const folder = await ensureFolderPath(
        tx,
        {
          projectId: f.projectId,
          folderId: session.folderId,
          path: `/${f.dirs.join('/')}`,
          userId,
        },
        newFolderParents,
      );
      await recordIngestedAsset(
        tx,
        emit,
        {
          assetId: f.assetId,
          projectId: f.projectId,
          folder,
          filename,
          mimeType: mimeOf(filename),
          extension: extensionOf(filename).slice(0, 20),
          sizeBytes: f.sizeBytes,
          blobKey: f.blobKey,
          userId,
          kind: 'camera_to_edit_asset',
          uploadedFrom: 'Camera',
        },
        newFolderParents,
      );
      emit('camera.sessions_changed', { projectId: f.projectId });
      return true;
    });
  } catch (err) {
    // The plan's quota (AppError) and the refusals above only discard the file; others are logged by the caller.
    if (!(err instanceof Refused) && !(err instanceof AppError)) {
      await discardReceived(ctx, f);
      throw err;
    }
  } finally {
    if (!ok) await discardReceived(ctx, f);
  }
  ctx.jobs.wake();
  return ok;
}

/** Deletes the bytes of a file that will not become an asset (best-effort; the key is unique). */
export async function discardReceived(ctx: AppContext, f: Pick<ReceivedFile, 'blobKey'>) {
  await ctx.blobs.deleteObject(f.blobKey).catch(() => undefined);
}
