import type { FastifyInstance } from 'fastify';
import { MSG, ROUTES } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { serve } from '../../platform/http/serve.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/http/envelope.ts';
import { accessOf } from '../../platform/policies.ts';
import { limit } from '../../platform/http/routes.ts';
import { createMembersService } from './members.service.ts';
import { createPermissionsService } from './permissions.service.ts';

/**
 * Members and permissions. Who may: members read the member list and their own permissions; owners
 * add and remove people (never themselves, never the creator) and read and set anyone's permissions.
 */
export function membersRoutes(ctx: AppContext) {
  const members = createMembersService(ctx);
  const perms = createPermissionsService(ctx);
  const { config } = ctx;

  return async (fastify: FastifyInstance) => {
    serve(fastify, ROUTES.teams.members, async (req) =>
      ok({ team_detail: await members.detail(accessOf(req, 'teams.canView')) }),
    );

    serve(
      fastify,
      ROUTES.teams.addMembers,
      async (req) =>
        ok(
          await members.add(accessOf(req, 'teams.canManageMembers'), {
            userIds: req.body.user_db_ids,
            emails: req.body.user_emails,
            permissions: req.body.permissions,
          }),
        ),
      { rateLimit: limit(config, 30) },
    );

    serve(fastify, ROUTES.teams.removeMember, async (req) => {
      const { user_db_id, user_email } = req.body;
      await members.remove(
        accessOf(req, 'teams.canManageMembers'),
        user_db_id ? { userId: user_db_id } : { email: user_email! },
      );
      return ok({ message: MSG.memberRemoved });
    });

    serve(fastify, ROUTES.teams.deleteMember, async (req) => {
      await members.remove(accessOf(req, 'teams.canManageMembers'), { userId: req.body.user_db_id });
      return ok({ message: MSG.deletedUser });
    });

    serve(fastify, ROUTES.teams.permissions, async (req) =>
      ok({ permissions: await perms.catalogue(userIdOf(req), req.query.team_id) }),
    );

    serve(fastify, ROUTES.teams.memberPermissions, async (req) =>
      ok({
        permissions: await perms.ofMember(accessOf(req, 'teams.canEditPermissions'), req.query.user_db_id),
      }),
    );

    serve(fastify, ROUTES.teams.setMemberPermissions, async (req) =>
      ok(
        await perms.set(accessOf(req, 'teams.canEditPermissions'), req.body.user_db_id, req.body.permissions),
      ),
    );
  };
}
