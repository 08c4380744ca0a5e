import { and, eq, or } from 'drizzle-orm';
import { LIVE_TEXT } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { cloudSessions, liveCollaborations } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../platform/http/errors.ts';
import { authorizeProject, canViewProject, type ProjectAccess } from '../projects/index.ts';

/**
 * Who may (spec 001 §4, §6): any member of the project reads the live collaboration lists;
 * the host (owner) of a started cloud session invites one of the project's admins and collaborators
 * and removes them; only the host and the invited guest join the call, its room and its signalling.
 */
export const canReadLive = (access: ProjectAccess) => canViewProject(access);
export const canInvite = (access: ProjectAccess) => canViewProject(access);

export type LiveRow = typeof liveCollaborations.$inferSelect;
export type SessionRow = typeof cloudSessions.$inferSelect;

/** The caller's own session in the project, started (the host's rule for invite and remove). */
export async function hostSession(db: DbOrTx, userId: string, sessionId: string, projectId: string) {
  await authorizeProject(db, userId, projectId, canInvite);
  const [row] = await db.select().from(cloudSessions).where(eq(cloudSessions.id, sessionId)).limit(1);
  if (!row || row.projectId !== projectId) throw notFound();
  if (row.userId !== userId) throw forbidden(LIVE_TEXT.onlyHost);
  return row;
}

/** A collaboration the caller belongs to (host or guest); 404 for anyone else. */
export async function memberCollaboration(db: DbOrTx, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(liveCollaborations)
    .where(
      and(
        eq(liveCollaborations.id, id),
        or(eq(liveCollaborations.hostUserId, userId), eq(liveCollaborations.guestUserId, userId)),
      ),
    )
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** Joining live:{id}: its two members, while the session runs (the same rule as the call's HTTP calls). */
export async function isCallMember(db: DbOrTx, userId: string, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
  const row = await memberCollaboration(db, userId, id).catch(() => null);
  if (!row) return false;
  const [session] = await db
    .select({ status: cloudSessions.status })
    .from(cloudSessions)
    .where(eq(cloudSessions.id, row.sessionId))
    .limit(1);
  return session?.status === 'machine_started';
}

declare module '../../platform/policies.ts' {
  interface PolicyAccess {
    'live.canReadLive': ProjectAccess;
  }
}
