import { and, eq, inArray, or } from 'drizzle-orm';
import {
  displayName,
  LIVE_AUDIO_PROFILE,
  LIVE_TEXT,
  LIVE_VIDEO_CODEC,
  type LiveAudioCall,
  type LiveCollaborator,
  type LiveState,
} from '@rushes/shared';
import type { z } from 'zod';
import type { liveInviteBody, liveQuery, liveRemoveBody } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { cloudSessions, liveCollaborations, projectMembers, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { notify } from '../notifications/index.ts';
import { hostSession, memberCollaboration, type LiveRow } from './live.policy.ts';
import { iceServersFor, issueCallToken } from './live.tokens.ts';
import './live.events.ts';

type UserRow = typeof users.$inferSelect;
const person = (u: UserRow) => ({
  user_id: u.id,
  name: displayName(u.firstName, u.lastName),
  username: u.username,
  first_name: u.firstName,
  last_name: u.lastName,
  user_badge_color: u.badgeColor,
});

const collaboratorOf = (row: LiveRow, guest: UserRow): LiveCollaborator => ({
  ...person(guest),
  live_collaboration_db_id: row.id,
  call_joined: row.callJoined,
  muted: row.guestMuted,
  guest_control: row.guestControl,
});

/** Live collaboration (spec 001 §4, §6, §7): invitations, removal and the call's join/leave. */
export function createLiveService(ctx: AppContext) {
  const { db, events } = ctx;

  async function collaboratorsOf(tx: DbOrTx, sessionId: string) {
    const rows = await tx
      .select({ live: liveCollaborations, guest: users })
      .from(liveCollaborations)
      .innerJoin(users, eq(users.id, liveCollaborations.guestUserId))
      .where(eq(liveCollaborations.sessionId, sessionId));
    return rows.map((r) => collaboratorOf(r.live, r.guest));
  }

  const changed = (row: LiveRow) => ({
    projectId: row.projectId,
    collabId: row.id,
    callJoined: row.callJoined,
    callEndedByHost: row.callEndedByHost,
    userIds: [row.hostUserId, row.guestUserId],
  });

  return {
    /** Members of the project read it (live.canReadLive, the route's policy, checked before the handler). */
    async state(userId: string, q: z.output<typeof liveQuery>): Promise<LiveState> {
      const invitations = await db
        .select({ live: liveCollaborations, host: users })
        .from(liveCollaborations)
        .innerJoin(users, eq(users.id, liveCollaborations.hostUserId))
        // an invitation lasts while its session runs
        .innerJoin(cloudSessions, eq(cloudSessions.id, liveCollaborations.sessionId))
        .where(
          and(
            eq(liveCollaborations.projectId, q.project_db_id),
            eq(liveCollaborations.guestUserId, userId),
            eq(cloudSessions.status, 'machine_started'),
          ),
        );
      let session: typeof cloudSessions.$inferSelect | undefined;
      if (q.cloud_assignment_db_id) {
        [session] = await db
          .select()
          .from(cloudSessions)
          .where(
            and(
              eq(cloudSessions.id, q.cloud_assignment_db_id),
              eq(cloudSessions.userId, userId),
              eq(cloudSessions.projectId, q.project_db_id),
            ),
          )
          .limit(1);
      }
      const collaborators = session ? await collaboratorsOf(db, session.id) : [];
      const memberRows = await db
        .select({ user: users, role: projectMembers.role })
        .from(projectMembers)
        .innerJoin(users, eq(users.id, projectMembers.userId))
        .where(
          and(
            eq(projectMembers.projectId, q.project_db_id),
            inArray(projectMembers.role, ['admin', 'collaborator']),
          ),
        );
      const ids = memberRows.map((m) => m.user.id);
      const [guests, running] = ids.length
        ? await Promise.all([
            db
              .select({ id: liveCollaborations.guestUserId })
              .from(liveCollaborations)
              .where(
                and(
                  eq(liveCollaborations.projectId, q.project_db_id),
                  inArray(liveCollaborations.guestUserId, ids),
                ),
              ),
            db
              .select({ id: cloudSessions.userId })
              .from(cloudSessions)
              .where(
                and(
                  eq(cloudSessions.projectId, q.project_db_id),
                  eq(cloudSessions.status, 'machine_started'),
                  inArray(cloudSessions.userId, ids),
                ),
              ),
          ])
        : [[], []];
      const inLive = new Set(guests.map((g) => g.id));
      const active = new Set(running.map((r) => r.id));
      return {
        live_collaboration_invitations: invitations.map(({ live, host }) => ({
          live_collaboration_db_id: live.id,
          cloud_access_db_id: live.sessionId,
          invited_by: {
            name: displayName(host.firstName, host.lastName),
            first_name: host.firstName,
            last_name: host.lastName,
            user_badge_color: host.badgeColor,
          },
          task_type: live.taskType,
          call_joined: live.callJoined,
          call_ended_by_host: live.callEndedByHost,
          guest_control: live.guestControl,
          audio_call_detail: { channel_name: live.channelName },
        })),
        live_collaborators: collaborators,
        members: memberRows
          .filter((m) => m.user.id !== userId)
          .map((m) => ({
            ...person(m.user),
            role: m.role as 'admin' | 'collaborator',
            is_active_in_live_collaboration: inLive.has(m.user.id),
            is_session_active: active.has(m.user.id),
          })),
        can_invite: session?.status === 'machine_started' && collaborators.length === 0,
      };
    },

    /** §4/§6: only the host of a started session, one collaborator, an admin or collaborator, not self. */
    async invite(userId: string, body: z.output<typeof liveInviteBody>) {
      const guestId = body.user_db_ids[0];
      await events.transaction(db, async (tx, emit) => {
        const session = await hostSession(tx, userId, body.cloud_assignment_db_id, body.project_db_id);
        // the session row serialises two invitations of one session (the unique index backs it up)
        const [locked] = await tx
          .select({ status: cloudSessions.status })
          .from(cloudSessions)
          .where(eq(cloudSessions.id, session.id))
          .for('update');
        if (locked?.status !== 'machine_started') throw badRequest(LIVE_TEXT.notStarted);
        if (guestId === userId) throw badRequest(LIVE_TEXT.notSelf);
        const [member] = await tx
          .select({ role: projectMembers.role })
          .from(projectMembers)
          .where(and(eq(projectMembers.projectId, body.project_db_id), eq(projectMembers.userId, guestId)))
          .limit(1);
        if (!member || (member.role !== 'admin' && member.role !== 'collaborator'))
          throw badRequest(LIVE_TEXT.notMember);
        const existing = await tx
          .select({ id: liveCollaborations.id })
          .from(liveCollaborations)
          .where(eq(liveCollaborations.sessionId, session.id))
          .limit(1);
        if (existing.length) throw badRequest(LIVE_TEXT.alreadyInvited);
        const [row] = await tx
          .insert(liveCollaborations)
          .values({
            sessionId: session.id,
            projectId: session.projectId,
            hostUserId: userId,
            guestUserId: guestId,
            taskType: session.taskType,
            channelName: `live-${session.assignmentCode}`,
          })
          .returning();
        const [host] = await tx.select().from(users).where(eq(users.id, userId));
        await notify(tx, emit, {
          userIds: [guestId],
          type: 'live_collaboration',
          title: LIVE_TEXT.notificationTitle,
          message: `${displayName(host.firstName, host.lastName)} ${LIVE_TEXT.notificationMessage}`,
          projectId: session.projectId,
          taskId: session.taskId,
          actorUserId: userId,
        });
        emit('live.changed', changed(row));
      });
      return { message: LIVE_TEXT.invited };
    },

    /** The host removes the collaborator: answers data.users (those left) and a message (§7). */
    async remove(userId: string, body: z.output<typeof liveRemoveBody>) {
      return events.transaction(db, async (tx, emit) => {
        const session = await hostSession(tx, userId, body.cloud_assignment_db_id, body.project_db_id);
        const [row] = await tx
          .delete(liveCollaborations)
          .where(
            and(
              eq(liveCollaborations.sessionId, session.id),
              eq(liveCollaborations.guestUserId, body.user_db_id),
            ),
          )
          .returning();
        if (!row) throw notFound();
        emit('live.removed', {
          projectId: row.projectId,
          collabId: row.id,
          guestUserId: row.guestUserId,
          hostUserId: row.hostUserId,
        });
        return { users: await collaboratorsOf(tx, session.id), message: LIVE_TEXT.removed };
      });
    },

    /** Joins the call (host: editor, guest: collaborator) while the session runs; a 3600 s token. */
    async join(userId: string, collabId: string, uid?: string): Promise<LiveAudioCall> {
      const row = await events.transaction(db, async (tx, emit) => {
        const live = await memberCollaboration(tx, userId, collabId);
        const [session] = await tx.select().from(cloudSessions).where(eq(cloudSessions.id, live.sessionId));
        if (session?.status !== 'machine_started') throw badRequest(LIVE_TEXT.notStarted);
        const isGuest = live.guestUserId === userId;
        const [next] = await tx
          .update(liveCollaborations)
          .set(
            isGuest
              ? { callJoined: true, callEndedByHost: false, guestMuted: false }
              : { callEndedByHost: false },
          )
          .where(eq(liveCollaborations.id, live.id))
          .returning();
        emit('live.joined', { collabId, userId, role: isGuest ? 'collaborator' : 'editor' });
        emit('live.changed', changed(next));
        return next;
      });
      const isGuest = row.guestUserId === userId;
      const { token, expiresAt } = issueCallToken(ctx.secret, row.id, userId);
      return {
        live_collaboration_db_id: row.id,
        cloud_access_db_id: row.sessionId,
        uid: uid ?? userId,
        role: isGuest ? 'collaborator' : 'editor',
        audio_call_detail: { channel_name: row.channelName, token, expires_at: expiresAt.toISOString() },
        codec: LIVE_VIDEO_CODEC,
        audio_profile: LIVE_AUDIO_PROFILE,
        ice_servers: iceServersFor(ctx.config, userId),
        ice_transport_policy: ctx.config.ICE_TRANSPORT_POLICY,
      };
    },

    /** Leaves the call; the host leaving ends it for the guest (call_ended_by_host). */
    async leave(userId: string, collabId: string) {
      await events.transaction(db, async (tx, emit) => {
        const live = await memberCollaboration(tx, userId, collabId);
        const isHost = live.hostUserId === userId;
        const [next] = await tx
          .update(liveCollaborations)
          // control of the workstation is handed over for one call only
          .set({ callJoined: false, guestControl: false, ...(isHost ? { callEndedByHost: true } : {}) })
          .where(eq(liveCollaborations.id, live.id))
          .returning();
        emit('live.changed', changed(next));
      });
      return { message: LIVE_TEXT.callEnded };
    },

    /** The guest's mute state as sent over the socket (shown on the host's collaborator row). */
    async setMuted(userId: string, collabId: string, muted: boolean) {
      await db
        .update(liveCollaborations)
        .set({ guestMuted: muted })
        .where(and(eq(liveCollaborations.id, collabId), eq(liveCollaborations.guestUserId, userId)));
    },

    /**
     * The host hands over (or takes back) control of the workstation the guest watches; answers
     * false for anyone but the host. The guest's desktop view applies it at once (live.control).
     */
    async setControl(userId: string, collabId: string, guestControl: boolean) {
      return events.transaction(db, async (tx, emit) => {
        const [row] = await tx
          .update(liveCollaborations)
          .set({ guestControl })
          .where(and(eq(liveCollaborations.id, collabId), eq(liveCollaborations.hostUserId, userId)))
          .returning({ id: liveCollaborations.id });
        if (row) emit('live.control', { collabId, guestControl });
        return Boolean(row);
      });
    },

    /** Whether a user is one of the call's two members (or null when it does not exist). */
    memberOf: (userId: string, collabId: string) =>
      db
        .select({ id: liveCollaborations.id })
        .from(liveCollaborations)
        .where(
          and(
            eq(liveCollaborations.id, collabId),
            or(eq(liveCollaborations.hostUserId, userId), eq(liveCollaborations.guestUserId, userId)),
          ),
        ),
  };
}

export type LiveService = ReturnType<typeof createLiveService>;
