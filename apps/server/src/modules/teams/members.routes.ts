import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  API,
  MSG,
  addMembersBody,
  deleteMemberBody,
  memberPermissionsQuery,
  permission,
  removeMemberBody,
  setMemberPermissionsBody,
  teamDetail,
  teamIdQuery,
  uuid,
} from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { messageReply, ok, replies } from '../../platform/http/envelope.ts';
import { limit, typed } from '../../platform/http/routes.ts';
import { createMembersService } from './members.service.ts';
import { createPermissionsService } from './permissions.service.ts';

const tags = ['teams'];
const permissionsReply = replies(z.object({ permissions: z.array(permission) }));

/**
 * Members and permissions. Who may: members read the member list and their own permissions; owners
 * add and remove people (never themselves, never the creator) and read and set anyone's permissions.
 */
export function membersRoutes(ctx: AppContext) {
  const members = createMembersService(ctx);
  const perms = createPermissionsService(ctx);
  const { config } = ctx;

  return async (fastify: FastifyInstance) => {
    const app = typed(fastify);

    app.get(
      API.teams.members,
      {
        schema: { tags, querystring: teamIdQuery, response: replies(z.object({ team_detail: teamDetail })) },
        config: { policy: 'teams.canView' },
      },
      async (req) => ok({ team_detail: await members.detail(userIdOf(req), req.query.team_id) }),
    );

    app.post(
      API.teams.members,
      {
        schema: { tags, body: addMembersBody, response: messageReply },
        config: { policy: 'teams.canManageMembers', rateLimit: limit(config, 30) },
      },
      async (req) =>
        ok(
          await members.add(userIdOf(req), req.body.team_id, {
            userIds: req.body.user_db_ids,
            emails: req.body.user_emails,
            permissions: req.body.permissions,
          }),
        ),
    );

    app.put(
      API.teams.members,
      {
        schema: { tags, body: removeMemberBody, response: messageReply },
        config: { policy: 'teams.canManageMembers' },
      },
      async (req) => {
        const { team_id, user_db_id, user_email } = req.body;
        await members.remove(
          userIdOf(req),
          team_id,
          user_db_id ? { userId: user_db_id } : { email: user_email! },
        );
        return ok({ message: MSG.memberRemoved });
      },
    );

    app.delete(
      API.teams.members,
      {
        schema: { tags, body: deleteMemberBody, response: messageReply },
        config: { policy: 'teams.canManageMembers' },
      },
      async (req) => {
        await members.remove(userIdOf(req), req.body.team_id, { userId: req.body.user_db_id });
        return ok({ message: MSG.deletedUser });
      },
    );

    app.get(
      API.teams.permissions,
      {
        schema: {
          tags,
          querystring: z.object({ team_id: uuid().optional() }),
          response: permissionsReply,
        },
        config: { policy: 'teams.canView' },
      },
      async (req) => ok({ permissions: await perms.catalogue(userIdOf(req), req.query.team_id) }),
    );

    app.get(
      API.teams.memberPermissions,
      {
        schema: { tags, querystring: memberPermissionsQuery, response: permissionsReply },
        config: { policy: 'teams.canEditPermissions' },
      },
      async (req) =>
        ok({
          permissions: await perms.ofMember(userIdOf(req), req.query.team_id, req.query.user_db_id),
        }),
    );

    app.post(
      API.teams.memberPermissions,
      {
        schema: { tags, body: setMemberPermissionsBody, response: messageReply },
        config: { policy: 'teams.canEditPermissions' },
      },
      async (req) =>
        ok(await perms.set(userIdOf(req), req.body.team_id, req.body.user_db_id, req.body.permissions)),
    );
  };
}
