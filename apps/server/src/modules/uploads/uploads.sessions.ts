import { and, eq } from 'drizzle-orm';
import { MSG, type SignedPart } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { uploadSessions } from '../../db/schema/index.ts';
import type { BlobStore } from '../../platform/blobs/index.ts';
import { notFound } from '../../platform/http/errors.ts';

export type UploadSessionRow = typeof uploadSessions.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The caller's own upload in a project, or 404 'This upload no longer exists' (unknown, aborted,
 * another user's, another project's: ids reveal nothing). Completed sessions are returned; callers
 * decide what a completed one means for them.
 */
export async function sessionOf(db: DbOrTx, userId: string, projectId: string, uploadId: string) {
  if (!UUID.test(uploadId)) throw notFound(MSG.uploadNotFound);
  const [row] = await db
    .select()
    .from(uploadSessions)
    .where(
      and(
        eq(uploadSessions.id, uploadId),
        eq(uploadSessions.projectId, projectId),
        eq(uploadSessions.userId, userId),
      ),
    )
    .limit(1);
  if (!row) throw notFound(MSG.uploadNotFound);
  return row;
}

/** Bytes part `partNumber` must have: part_size, except the last (the remainder); null when out of range. */
export function expectedPartSize(
  s: Pick<UploadSessionRow, 'sizeBytes' | 'partSize' | 'partCount'>,
  partNumber: number,
) {
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > s.partCount) return null;
  if (partNumber < s.partCount) return s.partSize;
  return s.sizeBytes - (s.partCount - 1) * s.partSize;
}

/**
 * Signed PUT URLs for some parts of a session, each with the bytes the store kept of it from a PUT
 * that was cut off (so a resumed part sends only its rest).
 */
export async function signParts(
  blobs: BlobStore,
  s: UploadSessionRow,
  partNumbers: readonly number[],
  ttlSeconds: number,
) {
  const kept = (await blobs.partialParts?.(s.blobKey, s.blobUploadId)) ?? new Map<number, number>();
  const parts: SignedPart[] = [];
  for (const n of [...new Set(partNumbers)].sort((a, b) => a - b)) {
    const expected = expectedPartSize(s, n);
    if (expected === null) continue;
    const url = await blobs.signPartUrl(s.blobKey, s.blobUploadId, n, { expiresInSeconds: ttlSeconds });
    const offset = kept.get(n) ?? 0;
    // A part kept whole but not yet named (cut between its last byte and its rename) gets
    // offset = its size: an empty PUT there finishes it. More than its size is not this part's.
    parts.push(offset > 0 && offset <= expected ? { PartNumber: n, url, offset } : { PartNumber: n, url });
  }
  return { parts, expires_at: new Date(Date.now() + ttlSeconds * 1000).toISOString() };
}

/** How long the part route trusts that a session it found open still is (see partLimits). */
const OPEN_SESSION_TRUST_MS = 10_000;

/**
 * For the fs driver's part route: how many bytes a PUT may carry (the expected size of that part),
 * or null when no open upload has this key and id; checked before any byte is written. A part goes
 * up in several chunk PUTs, so an open session is remembered for a few seconds rather than queried
 * per chunk: an upload aborted or completed meanwhile has lost its store directory, which the store
 * checks on every PUT, and a PUT that slips into a running completion makes that completion fail
 * and reopen (its part files changed), never a wrong asset.
 */
export function partLimits(db: DbOrTx, now = () => Date.now()) {
  const open = new Map<string, { row: UploadSessionRow; at: number }>();
  return async (key: string, blobUploadId: string, partNumber: number) => {
    const id = `${blobUploadId}:${key}`;
    let known = open.get(id);
    if (!known || now() - known.at > OPEN_SESSION_TRUST_MS) {
      open.delete(id);
      const [row] = await db
        .select()
        .from(uploadSessions)
        .where(and(eq(uploadSessions.blobKey, key), eq(uploadSessions.blobUploadId, blobUploadId)))
        .limit(1);
      if (!row || row.status !== 'open') return null;
      known = { row, at: now() };
      open.set(id, known);
      // forget sessions nobody has sent to for a while
      for (const [other, entry] of open) if (now() - entry.at > OPEN_SESSION_TRUST_MS) open.delete(other);
    }
    return expectedPartSize(known.row, partNumber);
  };
}
