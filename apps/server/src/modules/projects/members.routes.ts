import type { FastifyInstance } from 'fastify';
import { ROUTES } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { serve } from '../../platform/http/serve.ts';
import { ok } from '../../platform/http/envelope.ts';
import { accessOf } from '../../platform/policies.ts';
import { limit } from '../../platform/http/routes.ts';
import { createMembersService } from './members.service.ts';

/**
 * Collaborators (spec 002 §6, §7; 000 §4). Who may: members read the groups and search mentions;
 * can_add_update_collaborators adds, resends and removes (admins only by the creator or an admin,
 * never oneself or the creator); can_manage_project reads and sets permissions and badges.
 */
export function membersRoutes(ctx: AppContext) {
  const service = createMembersService(ctx);

  return async (fastify: FastifyInstance) => {
    serve(fastify, ROUTES.projects.collaborators, async (req) =>
      ok(await service.list(accessOf(req, 'projects.canViewProject'))),
    );
    serve(
      fastify,
      ROUTES.projects.addCollaborators,
      async (req) => ok(await service.add(accessOf(req, 'projects.canManageCollaborators'), req.body)),
      { rateLimit: limit(ctx.config, 30) },
    );
    serve(
      fastify,
      ROUTES.projects.resendInvite,
      async (req) => ok(await service.resend(accessOf(req, 'projects.canManageCollaborators'), req.body)),
      { rateLimit: limit(ctx.config, 20) },
    );
    serve(fastify, ROUTES.projects.removeCollaborator, async (req) =>
      ok(await service.remove(accessOf(req, 'projects.canManageCollaborators'), req.body)),
    );

    serve(fastify, ROUTES.projects.collaboratorSearch, async (req) =>
      ok(await service.search(accessOf(req, 'projects.canViewProject'), req.query.search_text)),
    );

    serve(fastify, ROUTES.projects.permissions, async (req) =>
      ok(await service.permissions(accessOf(req, 'projects.canManageProject'), req.query.user_db_id)),
    );
    serve(fastify, ROUTES.projects.setPermissions, async (req) =>
      ok(await service.setPermissions(accessOf(req, 'projects.canManageProject'), req.body)),
    );

    serve(fastify, ROUTES.projects.badge, async (req) =>
      ok(await service.badge(accessOf(req, 'projects.canManageProject'), req.query.user_db_id)),
    );
    serve(fastify, ROUTES.projects.setBadge, async (req) =>
      ok(
        await service.setBadge(
          accessOf(req, 'projects.canManageProject'),
          req.body.user_db_id,
          req.body.collaborator_badge,
        ),
      ),
    );
    serve(fastify, ROUTES.projects.clearBadge, async (req) =>
      ok(await service.setBadge(accessOf(req, 'projects.canManageProject'), req.body.user_db_id, null)),
    );
  };
}
