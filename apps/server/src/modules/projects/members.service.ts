import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  BADGE_SUGGESTIONS,
  DEFAULT_PROJECT_PERMISSIONS,
  MSG,
  PROJECT_PERMISSIONS,
  addedYouTo,
  effectiveProjectPermissions,
  projectPermissionIds,
  projectPermissionView,
  roleDeleted,
  roleTitle,
  type AddCollaboratorsBody,
  type MemberRole,
  type ProjectMember,
  type ProjectMembers,
  displayName,
} from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import {
  cloudSessions,
  liveCollaborations,
  projectInvites,
  projectMembers,
  users,
} from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, fieldError, forbidden, notFound } from '../../platform/http/errors.ts';
import { escapeLike, SEARCH_LIMIT } from '../../db/search.ts';
import { nameSql } from '../users/index.ts';
import { notify } from '../notifications/index.ts';
import { createProjectInvites, pendingProjectInvites } from './invites.service.ts';
import './projects.events.ts';
import { canManageRole, heldProjectCodes, type ProjectAccess } from './projects.policy.ts';
import { insertProjectMember, lockProject, setMemberPermissionIds } from './projects.service.ts';

async function memberRow(db: DbOrTx, projectId: string, userId: string) {
  const [row] = await db
    .select()
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** The target of a permission or badge call: a member of the project, else 404 'No Record Found'. */
async function targetMember(db: DbOrTx, projectId: string, userId: string) {
  const row = await memberRow(db, projectId, userId);
  if (!row) throw notFound(MSG.noRecordFound);
  return row;
}

function assertRole(access: ProjectAccess, role: MemberRole) {
  if (!canManageRole(access, role)) throw forbidden();
}

/** Collaborators panel (spec 002 §3, §6, §7): members, invites, permissions and badges. */
export function createMembersService(ctx: AppContext) {
  const { db, events } = ctx;

  return {
    /** Members read the groups: creator, admins, collaborators, each with members and invited e-mails. */
    async list(access: ProjectAccess): Promise<ProjectMembers> {
      const projectId = access.project.id;
      const rows = await db
        .select({
          member: projectMembers,
          user: users,
          // 002 §3 member fields: invited into a live collaboration here / running a cloud session here
          inLive: sql<boolean>`exists (select 1 from ${liveCollaborations} where ${liveCollaborations.projectId} = ${projectMembers.projectId} and ${liveCollaborations.guestUserId} = ${projectMembers.userId})`,
          sessionActive: sql<boolean>`exists (select 1 from ${cloudSessions} where ${cloudSessions.projectId} = ${projectMembers.projectId} and ${cloudSessions.userId} = ${projectMembers.userId} and ${cloudSessions.status} = 'machine_started')`,
        })
        .from(projectMembers)
        .innerJoin(users, eq(users.id, projectMembers.userId))
        .where(eq(projectMembers.projectId, projectId))
        .orderBy(asc(projectMembers.createdAt), asc(users.id));
      const present = (r: (typeof rows)[number]): ProjectMember => ({
        user_id: r.user.id,
        name: displayName(r.user.firstName, r.user.lastName),
        first_name: r.user.firstName,
        last_name: r.user.lastName,
        username: r.user.username,
        user_badge: r.member.badge,
        user_badge_color: r.user.badgeColor,
        is_active_in_live_collaboration: r.inLive === true,
        is_session_active: r.sessionActive === true,
      });
      const invites = await pendingProjectInvites(db, projectId);
      const group = (role: 'creator' | 'admin' | 'collaborator') => ({
        members: rows.filter((r) => r.member.role === role).map(present),
        invited: invites.filter((i) => i.role === role).map((i) => i.email),
      });
      return { creator: group('creator'), admins: group('admin'), collaborators: group('collaborator') };
    },

    /**
     * Adds users by id, existing users by e-mail, and mails invitations to other e-mails, with the
     * role's default permissions. Present members are skipped; if nobody is new, 'Already a member'.
     */
    async add(access: ProjectAccess, body: AddCollaboratorsBody) {
      const { userId } = access;
      assertRole(access, body.role);
      const ids = projectPermissionIds(DEFAULT_PROJECT_PERMISSIONS[body.role]);
      await events.transaction(db, async (tx, emit) => {
        const project = await lockProject(tx, body.project_db_id);
        if (!project) throw notFound(MSG.projectNotFound);
        const wanted = [...new Set(body.collabrated_with)];
        const byId = wanted.length
          ? await tx.select({ id: users.id }).from(users).where(inArray(users.id, wanted))
          : [];
        if (byId.length !== wanted.length) throw fieldError('collabrated_with', MSG.noUserFound);
        const emails = [...new Set(body.invited_collaborators)];
        const byEmail = emails.length
          ? await tx
              .select({ id: users.id, email: sql<string>`lower(${users.email})` })
              .from(users)
              .where(inArray(sql`lower(${users.email})`, emails))
          : [];
        const known = new Set(byEmail.map((u) => u.email));
        const candidates = [...new Set([...byId.map((u) => u.id), ...byEmail.map((u) => u.id)])];
        const existing = candidates.length
          ? await tx
              .select({ id: projectMembers.userId })
              .from(projectMembers)
              .where(
                and(eq(projectMembers.projectId, project.id), inArray(projectMembers.userId, candidates)),
              )
          : [];
        const present = new Set(existing.map((r) => r.id));
        const added = candidates.filter((id) => !present.has(id));
        const invited = emails.filter((e) => !known.has(e));
        if (added.length === 0 && invited.length === 0) throw badRequest(MSG.alreadyCollaborator);
        for (const id of added) await insertProjectMember(tx, project.id, id, body.role, ids);
        await createProjectInvites(ctx, tx, project, userId, invited, body.role, ids);
        // People with an account hear it in the bell too (spec 002 §3: invites notify).
        if (added.length) {
          const [actor] = await tx
            .select({ firstName: users.firstName, lastName: users.lastName })
            .from(users)
            .where(eq(users.id, userId));
          await notify(tx, emit, {
            userIds: added,
            type: 'project_invite',
            title: MSG.projectAddedNotificationTitle,
            message: addedYouTo(displayName(actor?.firstName, actor?.lastName), project.title),
            projectId: project.id,
            actorUserId: userId,
          });
        }
        emit('project.changed', {
          projectId: project.id,
          addedUserIds: added,
          removedUserIds: [],
          members: true,
        });
      });
      ctx.jobs.wake();
      return { message: MSG.collaboratorsUpdated };
    },

    /** Resends a pending invitation with a fresh code (the old one stops working). */
    async resend(
      access: ProjectAccess,
      body: { project_db_id: string; user_email: string; role: MemberRole },
    ) {
      const { userId } = access;
      assertRole(access, body.role);
      await events.transaction(db, async (tx, emit) => {
        const project = await lockProject(tx, body.project_db_id);
        if (!project) throw notFound(MSG.projectNotFound);
        const [invite] = await tx
          .select()
          .from(projectInvites)
          .where(
            and(
              eq(projectInvites.projectId, project.id),
              eq(sql`lower(${projectInvites.email})`, body.user_email),
              eq(projectInvites.role, body.role),
            ),
          );
        if (!invite) throw notFound(MSG.noRecordFound);
        await createProjectInvites(
          ctx,
          tx,
          project,
          userId,
          [body.user_email],
          body.role,
          invite.permissionIds,
        );
        emit('project.changed', {
          projectId: project.id,
          addedUserIds: [],
          removedUserIds: [],
          members: true,
        });
      });
      ctx.jobs.wake();
      return { message: MSG.inviteSent };
    },

    /** Removes a member (not oneself, never the creator) or a pending invitation of the given role. */
    async remove(
      access: ProjectAccess,
      body: { project_db_id: string; role: MemberRole; user_db_id?: string; user_email?: string },
    ) {
      const { userId } = access;
      assertRole(access, body.role);
      if (body.user_db_id === userId) throw badRequest(MSG.cannotRemoveYourself);
      await events.transaction(db, async (tx, emit) => {
        await lockProject(tx, body.project_db_id);
        if (body.user_db_id) {
          const removed = await tx
            .delete(projectMembers)
            .where(
              and(
                eq(projectMembers.projectId, body.project_db_id),
                eq(projectMembers.userId, body.user_db_id),
                eq(projectMembers.role, body.role),
              ),
            )
            .returning({ id: projectMembers.userId });
          if (removed.length === 0) throw notFound(MSG.noRecordFound);
          emit('project.changed', {
            projectId: body.project_db_id,
            addedUserIds: [],
            removedUserIds: [body.user_db_id],
            members: true,
          });
          return;
        }
        const removed = await tx
          .delete(projectInvites)
          .where(
            and(
              eq(projectInvites.projectId, body.project_db_id),
              eq(sql`lower(${projectInvites.email})`, body.user_email!),
              eq(projectInvites.role, body.role),
            ),
          )
          .returning({ id: projectInvites.id });
        if (removed.length === 0) throw notFound(MSG.noRecordFound);
        emit('project.changed', {
          projectId: body.project_db_id,
          addedUserIds: [],
          removedUserIds: [],
          members: true,
        });
      });
      return { message: roleDeleted(roleTitle(body.role)) };
    },

    /** One member's permission list (can_manage_project); the creator's and one's own are locked. */
    async permissions({ userId, project }: ProjectAccess, targetId: string) {
      const projectId = project.id;
      const target = await targetMember(db, projectId, targetId);
      const codes = effectiveProjectPermissions(await heldProjectCodes(db, projectId, targetId), target.role);
      return { permissions: projectPermissionView(codes, target.role === 'creator' || targetId === userId) };
    },

    /** Replaces a member's permissions; share_to_download_all_assets brings download_all_assets. */
    async setPermissions(
      { userId }: ProjectAccess,
      body: { project_db_id: string; user_db_id: string; permissions: number[] },
    ) {
      if (body.user_db_id === userId) throw badRequest(MSG.cannotChangeOwnPermissions);
      await events.transaction(db, async (tx, emit) => {
        await lockProject(tx, body.project_db_id);
        const target = await targetMember(tx, body.project_db_id, body.user_db_id);
        if (target.role === 'creator') throw badRequest(MSG.cannotChangeCreator);
        const chosen = PROJECT_PERMISSIONS.filter((p) => body.permissions.includes(p.id)).map((p) => p.code);
        const ids = projectPermissionIds(effectiveProjectPermissions(chosen, target.role));
        await setMemberPermissionIds(tx, body.project_db_id, body.user_db_id, ids);
        emit('project.changed', {
          projectId: body.project_db_id,
          addedUserIds: [],
          removedUserIds: [],
          members: true,
        });
      });
      return { message: MSG.permissionsUpdated };
    },

    async badge({ project }: ProjectAccess, targetId: string) {
      const projectId = project.id;
      const target = await targetMember(db, projectId, targetId);
      return { user_badge: target.badge, suggestions: BADGE_SUGGESTIONS };
    },

    /** Sets (text) or clears (null) a member's role badge. */
    async setBadge({ project }: ProjectAccess, targetId: string, badge: string | null) {
      const projectId = project.id;
      await events.transaction(db, async (tx, emit) => {
        await targetMember(tx, projectId, targetId);
        await tx
          .update(projectMembers)
          .set({ badge })
          .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, targetId)));
        emit('project.changed', { projectId, addedUserIds: [], removedUserIds: [], members: true });
      });
      return { message: MSG.badgeUpdated };
    },

    /** Mention search (spec 000 §7): the project's other members by name. */
    async search({ userId, project }: ProjectAccess, text: string) {
      const projectId = project.id;
      const needle = `%${escapeLike(text)}%`;
      const rows = await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(projectMembers)
        .innerJoin(users, eq(users.id, projectMembers.userId))
        .where(
          and(
            eq(projectMembers.projectId, projectId),
            ne(projectMembers.userId, userId),
            sql`${nameSql} ilike ${needle}`,
          ),
        )
        .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
        .limit(SEARCH_LIMIT);
      return { users: rows.map((r) => ({ user_id: r.id, name: displayName(r.firstName, r.lastName) })) };
    },
  };
}
