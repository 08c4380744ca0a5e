import type { FastifyInstance } from 'fastify';
import {
  API,
  addCollaboratorsBody,
  clearBadgeBody,
  collaboratorBadge,
  collaboratorPermissions,
  collaboratorQuery,
  collaboratorSearchQuery,
  collaboratorSearchResult,
  projectMembers,
  projectQuery,
  removeCollaboratorBody,
  resendProjectInviteBody,
  setBadgeBody,
  setCollaboratorPermissionsBody,
} from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { messageReply, ok, replies } from '../../platform/http/envelope.ts';
import { limit, typed } from '../../platform/http/routes.ts';
import { createMembersService } from './members.service.ts';

const tags = ['projects'];

/**
 * Collaborators (spec 002 §6, §7; 000 §4). Who may: members read the groups and search mentions;
 * can_add_update_collaborators adds, resends and removes (admins only by the creator or an admin,
 * never oneself or the creator); can_manage_project reads and sets permissions and badges.
 */
export function membersRoutes(ctx: AppContext) {
  const service = createMembersService(ctx);

  return async (fastify: FastifyInstance) => {
    const app = typed(fastify);
    const p = API.projects;

    app.get(
      p.collaborators,
      {
        schema: { tags, querystring: projectQuery, response: replies(projectMembers) },
        config: { policy: 'projects.canViewProject' },
      },
      async (req) => ok(await service.list(userIdOf(req), req.query.project_db_id)),
    );
    app.post(
      p.collaborators,
      {
        schema: { tags, body: addCollaboratorsBody, response: messageReply },
        config: { policy: 'projects.canManageCollaborators', rateLimit: limit(ctx.config, 30) },
      },
      async (req) => ok(await service.add(userIdOf(req), req.body)),
    );
    app.put(
      p.collaborators,
      {
        schema: { tags, body: resendProjectInviteBody, response: messageReply },
        config: { policy: 'projects.canManageCollaborators', rateLimit: limit(ctx.config, 20) },
      },
      async (req) => ok(await service.resend(userIdOf(req), req.body)),
    );
    app.delete(
      p.collaborators,
      {
        schema: { tags, body: removeCollaboratorBody, response: messageReply },
        config: { policy: 'projects.canManageCollaborators' },
      },
      async (req) => ok(await service.remove(userIdOf(req), req.body)),
    );

    app.get(
      p.collaboratorSearch,
      {
        schema: { tags, querystring: collaboratorSearchQuery, response: replies(collaboratorSearchResult) },
        config: { policy: 'projects.canViewProject' },
      },
      async (req) => ok(await service.search(userIdOf(req), req.query.project_db_id, req.query.search_text)),
    );

    app.get(
      p.permissions,
      {
        schema: { tags, querystring: collaboratorQuery, response: replies(collaboratorPermissions) },
        config: { policy: 'projects.canManageProject' },
      },
      async (req) =>
        ok(await service.permissions(userIdOf(req), req.query.project_db_id, req.query.user_db_id)),
    );
    app.post(
      p.permissions,
      {
        schema: { tags, body: setCollaboratorPermissionsBody, response: messageReply },
        config: { policy: 'projects.canManageProject' },
      },
      async (req) => ok(await service.setPermissions(userIdOf(req), req.body)),
    );

    app.get(
      p.badge,
      {
        schema: { tags, querystring: collaboratorQuery, response: replies(collaboratorBadge) },
        config: { policy: 'projects.canManageProject' },
      },
      async (req) => ok(await service.badge(userIdOf(req), req.query.project_db_id, req.query.user_db_id)),
    );
    app.post(
      p.badge,
      {
        schema: { tags, body: setBadgeBody, response: messageReply },
        config: { policy: 'projects.canManageProject' },
      },
      async (req) =>
        ok(
          await service.setBadge(
            userIdOf(req),
            req.body.project_db_id,
            req.body.user_db_id,
            req.body.collaborator_badge,
          ),
        ),
    );
    app.put(
      p.badge,
      {
        schema: { tags, body: clearBadgeBody, response: messageReply },
        config: { policy: 'projects.canManageProject' },
      },
      async (req) =>
        ok(await service.setBadge(userIdOf(req), req.body.project_db_id, req.body.user_db_id, null)),
    );
  };
}
